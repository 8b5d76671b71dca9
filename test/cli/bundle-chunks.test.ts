// The build (src/build/bundle-cli.mjs) gives each lazily loaded part of the CLI chunk files of its
// own, so a command reads and parses only what it runs: Node 20 has no compile cache and parses every
// byte required (bench/cli). Checked on the built binary, with a preload that records every file
// Node's module loader loads.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tempHome, type CliHome, useBuiltBinary } from '../helpers/cli.js';
import { startForeground } from '../helpers/foreground-server.js';

// The built binary's tier (test/README.md): what is measured is the process.
useBuiltBinary();

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

const RECORDER = `
const Module = require('node:module');
const loaded = new Set();
const load = Module._load;
Module._load = function (request, parent, isMain) {
  loaded.add(Module._resolveFilename(request, parent, isMain));
  return load.apply(this, arguments);
};
process.on('exit', () => require('node:fs').writeFileSync(process.env.LOADED_FILES, [...loaded].join('\\n')));
`;

let home: CliHome;
let recorder = '';

beforeAll(async () => {
  home = await tempHome();
  recorder = join(home.dir, 'record-loads.cjs');
  await writeFile(recorder, RECORDER);
});
afterAll(() => home.cleanup());

/** Every file `practice <args>` loaded, once it ended with exit code `code`. */
async function filesLoaded(args: string[], code = 0): Promise<string[]> {
  const list = join(home.dir, 'loaded.txt');
  const result = await home.run(args, { env: { NODE_OPTIONS: `--require ${recorder}`, LOADED_FILES: list } });
  expect(result.code, result.stderr).toBe(code);
  return (await readFile(list, 'utf8')).split('\n');
}

/** The files of dist/ that `practice <args>` loaded. */
async function distFilesLoaded(args: string[]): Promise<string[]> {
  return (await filesLoaded(args)).filter((file) => file.startsWith(DIST)).map((file) => file.slice(DIST.length));
}

const ZOD = `${sep}node_modules${sep}zod${sep}`;

const bytes = async (files: string[]) => (await Promise.all(files.map((file) => stat(join(DIST, file))))).reduce((sum, { size }) => sum + size, 0);

it('reads under 40% of the CLI for a command of the always-built nouns, and no lazily loaded noun', async () => {
  const all = (await readdir(DIST)).filter((file) => file.endsWith('.cjs'));
  const loaded = await distFilesLoaded(['profile', 'list']);
  expect(loaded).toContain('cli.cjs');
  expect(loaded.filter((file) => /^(appt|client|note|server|serve|mcp|report|remind|completion)-/.test(file))).toEqual([]);
  expect(await bytes(loaded)).toBeLessThan(0.4 * (await bytes(all)));
});

/** The files a `import()` loads (a noun, a verb: `appt`, `list`), by name without their hash; shared chunks left out. */
const namedFiles = (files: string[]) => files.filter((file) => !file.startsWith('chunk-')).map((file) => file.replace(/-[A-Z0-9]{8}\.cjs$/, ''));

it("reads the invoked noun's file and its invoked verb's, no other verb's, nor the server's or the assistant's", async () => {
  expect(namedFiles(await distFilesLoaded(['appt', 'list', '--help']))).toEqual(['main.cjs', 'cli.cjs', 'appt', 'list']);
  expect(namedFiles(await distFilesLoaded(['appt', 'complete', '--help']))).toEqual(['main.cjs', 'cli.cjs', 'appt', 'status', 'status-verbs']);
});

it("reads every verb's file for the noun's help, which lists them all", async () => {
  const verbs = namedFiles(await distFilesLoaded(['appt', '--help'])).slice(3);
  expect(verbs).toEqual(expect.arrayContaining(['list', 'today', 'week', 'slots', 'show', 'add', 'update', 'reschedule', 'status', 'delete', 'export']));
});

// zod and the record schemas: the whole of zod takes ~100 ms to require, zod/mini bundled with
// only the checks used a few (src/model/records.ts); node:crypto ~6 ms. A read loads none of them;
// a write loads the schemas, in their chunk (records-*.cjs), when it checks its input.
const isSchemas = (file: string) => file.startsWith(DIST) && /^records-\w+\.cjs$/.test(file.slice(DIST.length));

it.each([
  [['appt', 'list', '--help']],
  [['client', 'list', '--help']],
  [['note', 'list', '--help']],
  [['msg', 'list', '--help']],
  [['auth', 'status']],
])('%j loads neither zod, nor the record schemas, nor node:crypto', async (args) => {
  expect((await filesLoaded(args)).filter((file) => file.includes(ZOD) || isSchemas(file) || /^(node:)?crypto$/.test(file))).toEqual([]);
});

it("a write loads the record schemas to check its input, and not zod's package", async () => {
  const loaded = await filesLoaded(['client', 'add', '--name', ' '], 2);
  expect(loaded.filter(isSchemas)).toHaveLength(1);
  expect(loaded.filter((file) => file.includes(ZOD))).toEqual([]);
});

it('loads the PDF library only to write a PDF: not for the invoice commands\' help', async () => {
  // pdfkit and fontkit are bundled into the PDF writer's chunk (src/build/bundle-cli.mjs).
  const pdfLibrary = (file: string) => file.startsWith(`${DIST}render-`) || /[\\/]node_modules[\\/](pdfkit|fontkit)[\\/]/.test(file);
  for (const args of [['invoice', 'list', '--help'], ['invoice', 'pdf', '--help'], ['receipt', '--help']]) {
    const loaded = await filesLoaded(args);
    expect(loaded.filter(pdfLibrary), args.join(' ')).toEqual([]);
    expect(loaded.some((file) => /^(invoice|receipt)-/.test(file.slice(DIST.length))), args.join(' ')).toBe(true);
  }
});

// string-width (an ES module that builds an Intl.Segmenter and ICU property tables as it loads,
// ~320 million instructions) is required by the first text that is not plain ASCII, not by every command.
const STRING_WIDTH = `${sep}node_modules${sep}string-width${sep}`;

it.each([
  [['auth', 'status']],
  [['appt', 'list', '--help']],
  [['profile', 'list']],
])('%j does not load string-width', async (args) => {
  expect((await filesLoaded(args)).filter((file) => file.includes(STRING_WIDTH))).toEqual([]);
});

it('the service starts without loading ajv or fast-json-stringify: no route takes a JSON schema', async () => {
  const list = join(home.dir, 'loaded-by-server.txt');
  const server = await startForeground(['--data-dir', join(home.dir, 'service')], { ...home.env, NODE_OPTIONS: `--require ${recorder}`, LOADED_FILES: list });
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
  const loaded = (await readFile(list, 'utf8')).split('\n');
  expect(loaded.some((file) => file.includes(`${sep}fastify${sep}`))).toBe(true);
  // fastify's error serializer, precompiled, is fast-json-stringify's lib/serializer.js: not its compiler.
  const compilers = /[\\/]node_modules[\\/](ajv[\\/]|@fastify[\\/](ajv-compiler|fast-json-stringify-compiler)[\\/]|fast-json-stringify[\\/]index\.js)/;
  expect(loaded.filter((file) => compilers.test(file))).toEqual([]);
});
