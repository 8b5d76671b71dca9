// The MCP SDK is required by the built CLI only when `practice mcp` runs: every other command starts
// without it (program.ts loads the mcp noun lazily; the bundle keeps packages external).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { BIN, runPractice, tempHome, useBuiltBinary } from '../helpers/cli.js';

// The built binary's tier (test/README.md): what is measured is the process.
useBuiltBinary();

const dir = await mkdtemp(join(tmpdir(), 'practice-mcp-lazy-'));
const preload = join(dir, 'report-sdk.cjs');
// Says on exit whether any module of the SDK was required.
await writeFile(preload, `process.on('exit', () => {
  const loaded = Object.keys(require.cache).some((path) => path.includes('@modelcontextprotocol'));
  process.stderr.write('\\nmcp-sdk-loaded=' + loaded + '\\n');
});\n`);
const home = await tempHome();
afterAll(async () => {
  await home.cleanup();
  await rm(dir, { recursive: true, force: true });
});

async function sdkLoaded(args: string[]): Promise<boolean> {
  const result = await runPractice(args, { ...home.env, NODE_OPTIONS: `--require ${preload}` });
  const match = /mcp-sdk-loaded=(true|false)/.exec(result.stderr);
  if (!match) throw new Error(`no report from the preload (${BIN}): ${result.stderr}`);
  return match[1] === 'true';
}

it.each([[['appt', 'list', '--help']], [['client', 'search', '--help']], [['--help']]])('%j does not load the MCP SDK', async (args) => {
  expect(await sdkLoaded(args)).toBe(false);
});

it('practice mcp --help loads it', async () => {
  expect(await sdkLoaded(['mcp', '--help'])).toBe(true);
});
