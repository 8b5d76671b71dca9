// Builds the CLI into dist/ (run by `npm run build`): dist/main.cjs, the executable's entry, and
// dist/cli.cjs, the command tree, with each lazily loaded part (a noun, a verb of a noun with a verb
// table, the server, rrule's user) in chunk files of its own beside it.
//
// Why chunks: Node 20 has no compile cache, so every command parses every byte it requires; one
// file of all the CLI and server code made `auth status` parse 776 KB to use a third of it
// (bench/cli). esbuild's code splitting puts each module in exactly one chunk, so a class is one
// class however many chunks use it (`instanceof` across nouns keeps working). esbuild splits only
// ES modules; each chunk is then rewritten as CommonJS, so Node starts without its ES module loader
// (about 7 ms) and `import()` between chunks becomes a plain `require`. Last, cli.cjs and each file
// loaded by import() get the chunks they always require inside them, so a command reads a few files,
// not ~40 (below).
//
//   node src/build/bundle-cli.mjs
import { build, transform } from 'esbuild';
import { readFile, writeFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';

const TARGET = 'node20.19';

// The require of a file with chunks inside (below): a chunk of __chunks runs as Node would run its file.
const requireWithChunks = `function requireWithChunks(require, module) {
  const Module = module.constructor;
  const folder = __dirname + require('node:path').sep;
  const requireChunk = (id) => {
    const body = __chunks[id];
    // A chunk already run (cli.cjs's, for a noun) is taken from the module cache without resolving it.
    const filename = id.startsWith('./') ? folder + id.slice(2) : undefined;
    const known = filename && Module._cache[filename];
    if (known) return known.exports;
    if (body === undefined) return require(id);
    const chunk = new Module(filename, module);
    chunk.filename = filename;
    chunk.paths = module.paths;
    Module._cache[filename] = chunk;
    body.call(chunk.exports, chunk.exports, requireChunk, chunk, filename, __dirname);
    chunk.loaded = true;
    return chunk.exports;
  };
  return Object.assign(requireChunk, { resolve: require.resolve, cache: require.cache, main: require.main });
}`;

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
// command runs; zod/mini with its English messages, which every write runs and which bundled
// keeps only the checks records.ts uses (requiring all of zod takes ~100 ms; bench/cli); and dayjs
// with its utc plugin, which every command with a date runs: in dist/, src/cli/compile-cache.ts
// keeps its compiled code, which Node 20 would otherwise parse on every run (~10 million instructions).
//
// pdfkit, with what it requires, is bundled too, into the chunk of the PDF writer that alone
// imports it: ~1 MB of packages (fontkit, restructure, linebreak, unicode tables) that Node 20
// compiled on every `invoice pdf` (~40 ms) and the code cache now keeps. Its standard 14 fonts
// (AFM data) stay out, required by a require of its own that esbuild leaves be: a document embeds
// its own fonts and never names one (formats/pdf/render.ts).
//
// jose too, the tokens' signer and verifier, which ships only as ES modules: required from a
// CommonJS chunk, Node 20.19+ loaded it through its ES module loader, set up for it alone, on every
// start of the service; bundled, it is CommonJS like the rest (bench/start: a restart's CPU
// ~1,260 -> ~1,160 ms).
const BUNDLED = /^(commander|zod\/mini|zod\/v4\/locales\/en\.js|dayjs|dayjs\/plugin\/utc\.js|pdfkit|jose)$/;
const insidePackage = (file) => /[\\/]node_modules[\\/]/.test(file);
const packagesOutside = {
  name: 'packages-outside',
  setup(build) {
    // A package a bundled package requires is bundled with it; every other stays in node_modules.
    build.onResolve({ filter: /^[^./]/ }, ({ path, importer }) =>
      (BUNDLED.test(path) || insidePackage(importer) ? undefined : { path, external: true }));
  },
};

// commander requires node:child_process at load for executable subcommands, which the CLI has none
// of: required when spawned instead (~1 ms of every command's start on Node 20 and 24).
const commanderSpawnsLazily = {
  name: 'commander-spawns-lazily',
  setup(build) {
    build.onLoad({ filter: /commander[\\/]lib[\\/]command\.js$/ }, async ({ path }) => {
      const source = await readFile(path, 'utf8');
      const eager = "const childProcess = require('node:child_process');";
      if (!source.includes(eager)) throw new Error(`${path}: commander no longer requires node:child_process as expected; see commanderSpawnsLazily`);
      return { contents: source.replace(eager, "const childProcess = { spawn: (...args) => require('node:child_process').spawn(...args) };"), loader: 'js' };
    });
  },
};

// unicode-trie (the unicode tables fontkit and linebreak load with pdfkit) inflates its data with
// tiny-inflate, a DEFLATE decoder in JavaScript: ~30 ms of every `invoice pdf`, a seventh of it
// (bench/money/invoice-pdf.mjs). Node's own zlib inflates the same raw DEFLATE natively, into the
// array given as tiny-inflate fills it (a shorter output is answered cut to its length, as there).
const inflateNatively = {
  name: 'inflate-natively',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/]tiny-inflate[\\/]index\.js$/ }, () => ({
      contents: `const { inflateRawSync } = require('node:zlib');
module.exports = function inflate(source, dest) {
  const out = inflateRawSync(source);
  dest.set(out.subarray(0, dest.length));
  return out.length < dest.length ? dest.subarray(0, out.length) : dest;
};`,
      loader: 'js',
    }));
  },
};

// pdfkit requires @noble/ciphers' AES as it loads, for encrypted PDFs, which practice never writes;
// building its tables was ~7 ms of every `invoice pdf` (bench/money/invoice-pdf.mjs). Required
// instead on the first use of what it exports, so an encrypting pdfkit would still find it.
const LOADED_ON_FIRST_USE = /^@noble\/ciphers\/aes(\.js)?$/;
const aesOnFirstUse = {
  name: 'aes-on-first-use',
  setup(build) {
    build.onResolve({ filter: LOADED_ON_FIRST_USE }, async ({ path, importer, resolveDir, kind, pluginData }) => {
      if (pluginData?.itself) return undefined;
      const itself = await build.resolve(path, { importer, resolveDir, kind, pluginData: { itself: true } });
      if (itself.errors.length > 0) return { errors: itself.errors };
      return { path: itself.path, namespace: 'on-first-use' };
    });
    // The module's own file, by its absolute path: bundled, and run on the first property read.
    build.onLoad({ filter: /.*/, namespace: 'on-first-use' }, ({ path }) => ({
      contents: `module.exports = new Proxy({}, { get: (_, name) => require(${JSON.stringify(path)})[name] });`,
      resolveDir: dirname(path),
      loader: 'js',
    }));
  },
};

// fontkit requires brotli as it loads, to read WOFF2 fonts; the documents embed only the TrueType and
// OpenType fonts of formats/pdf/fonts.ts. So the bundle carries, instead of brotli's 1.4 MB (most of
// it its dictionary, read on every `invoice pdf`: ~5 ms, bench/money/invoice-pdf.mjs), a decoder
// that refuses: a WOFF2 font would fail saying why.
const withoutWoff2 = {
  name: 'without-woff2',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/]brotli[\\/]decompress\.js$/ }, () => ({
      contents: `module.exports = function decompress() {
  throw new Error('practice embeds no WOFF2 font in its documents: its bundle has no brotli (src/build/bundle-cli.mjs)');
};`,
      loader: 'js',
    }));
  },
};

const { metafile } = await build({
  entryPoints: { cli: 'src/cli/program.ts' },
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: TARGET,
  plugins: [packagesOutside, commanderSpawnsLazily, inflateNatively, aesOnFirstUse, withoutWoff2],
  // commander's own CommonJS, not the ES module wrapper its "import" condition names.
  // pdfkit's CommonJS too: its ES module build finds its files through import.meta, which a CommonJS
  // chunk does not have; required from it, its dependencies resolve to their CommonJS builds as well.
  alias: { commander: './node_modules/commander/index.js', pdfkit: './node_modules/pdfkit/js/pdfkit.js' },
  // Chunks sit beside cli.cjs: code that finds files next to itself (the PGlite template) finds them in dist/.
  outdir: 'dist',
  chunkNames: '[name]-[hash]',
  outExtension: { '.js': '.cjs' },
  metafile: true,
  logLevel: 'warning',
});

const code = Object.fromEntries(await Promise.all(Object.keys(metafile.outputs).map(async (file) => {
  const { code } = await transform(await readFile(file, 'utf8'), {
    format: 'cjs',
    platform: 'node',
    target: TARGET,
    supported: { 'dynamic-import': false },
    logLevel: 'warning',
    // fontkit's own code names one key twice in an object (axisIndex); the later one wins, as in Node.
    logOverride: { 'duplicate-object-key': 'silent' },
  });
  return [file, code];
})));

// Fewer files: cli.cjs, and each file loaded by import(), carries inside it the chunks it always
// requires (cli.cjs's own excepted, which are loaded by then), run on their first require as Node
// would run the file. Each file required costs a resolve, a realpath, a read and a compile or a
// cache lookup: ~40 of them made a third of `client list`'s start-up (bench/lists). The chunk files
// stay: a chunk is run once, from whichever copy is required first, under its own file name in
// Node's module cache, so every part of the CLI shares its classes.
const chunksRequired = (file) => {
  const found = new Set();
  const visit = (output) => {
    for (const { path, kind } of metafile.outputs[output].imports) {
      if (kind === 'import-statement' && path in code && !found.has(path)) {
        found.add(path);
        visit(path);
      }
    }
  };
  visit(file);
  return found;
};
const entries = ['dist/cli.cjs', ...new Set(Object.values(metafile.outputs).flatMap(({ imports }) => imports.filter(({ kind, path }) => kind === 'dynamic-import' && path in code).map(({ path }) => path)))];
const alwaysLoaded = chunksRequired('dist/cli.cjs');
const withChunksInside = Object.fromEntries(entries.map((entry) => {
  const inside = [...chunksRequired(entry)].filter((chunk) => entry === 'dist/cli.cjs' || !alwaysLoaded.has(chunk));
  // A file that requires only cli.cjs's chunks is wrapped too, so it finds them in the module cache
  // without Node resolving each (the `appt` noun's file, which holds its verb table and little else).
  if (inside.length === 0 && chunksRequired(entry).size === 0) return [entry, code[entry]];
  const table = inside.map((chunk) => `${JSON.stringify(`./${basename(chunk)}`)}: function (exports, require, module, __filename, __dirname) {\n${code[chunk]}\n}`);
  return [entry, `var __chunks = {\n${table.join(',\n')}\n};
${requireWithChunks}
(function (exports, require, module) {
${code[entry]}
})(exports, requireWithChunks(require, module), module);
`];
}));
await Promise.all(Object.entries({ ...code, ...withChunksInside }).map(([file, text]) => writeFile(file, text)));
