// Builds the CLI into dist/ (run by `npm run build`): dist/main.cjs, the executable's entry, and
// dist/cli.cjs, the command tree, with each lazily loaded part (a noun, the server, rrule's user)
// in chunk files of its own beside it.
//
// Why chunks: Node 20 has no compile cache, so every command parses every byte it requires; one
// file of all the CLI and server code made `auth status` parse 776 KB to use a third of it
// (bench/cli). esbuild's code splitting puts each module in exactly one chunk, so a class is one
// class however many chunks use it (`instanceof` across nouns keeps working). esbuild splits only
// ES modules; each chunk is then rewritten as CommonJS, so Node starts without its ES module loader
// (about 7 ms) and `import()` between chunks becomes a plain `require`.
//
//   node src/build/bundle-cli.mjs
import { build, transform } from 'esbuild';
import { readFile, writeFile } from 'node:fs/promises';

const TARGET = 'node20.19';

await build({
  entryPoints: ['src/cli/main.ts'],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: TARGET,
  outfile: 'dist/main.cjs',
  logLevel: 'warning',
});

// Packages stay in node_modules, required at run time, except these: commander, which every
// command runs, and zod/mini with its English messages, which every write runs and which bundled
// keeps only the checks records.ts uses (requiring all of zod takes ~100 ms; bench/cli).
const BUNDLED = /^(commander|zod\/mini|zod\/v4\/locales\/en\.js)$/;
const packagesOutside = {
  name: 'packages-outside',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path }) => (BUNDLED.test(path) ? undefined : { path, external: true }));
  },
};

const { metafile } = await build({
  entryPoints: { cli: 'src/cli/program.ts' },
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: TARGET,
  plugins: [packagesOutside],
  // commander's own CommonJS, not the ES module wrapper its "import" condition names.
  alias: { commander: './node_modules/commander/index.js' },
  // Chunks sit beside cli.cjs: code that finds files next to itself (the PGlite template) finds them in dist/.
  outdir: 'dist',
  chunkNames: '[name]-[hash]',
  outExtension: { '.js': '.cjs' },
  metafile: true,
  logLevel: 'warning',
});

await Promise.all(Object.keys(metafile.outputs).map(async (file) => {
  const { code } = await transform(await readFile(file, 'utf8'), {
    format: 'cjs',
    platform: 'node',
    target: TARGET,
    supported: { 'dynamic-import': false },
    logLevel: 'warning',
  });
  await writeFile(file, code);
}));
