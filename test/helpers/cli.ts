// `practice` as a test runs it, each test in a home of its own: temporary config and data dirs, and
// none of the caller's PRACTICE_* variables. Two tiers (test/README.md): by default a command runs in
// this process through the program's one entry, `run(argv, io)` (src/cli/program.ts), on streams,
// environment and clock of its own, against the same real server over real HTTP; a file that tests
// what only a process shows calls useBuiltBinary() first, and each command is then a child process
// of the built binary (run `npm run build` first). A command that holds its process (a foreground
// server, `practice mcp`) is a child process in either tier.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { run } from '../../src/cli/program.js';
import { nounOf } from '../../src/cli/noun-of.js';
import { isProcessAlive } from '../../src/fs/process-alive.js';
import { afterAll } from 'vitest';

export const BIN = fileURLToPath(new URL('../../bin/practice.cjs', import.meta.url));

/**
 * Node's options for every `practice` process a test starts. V8 compiles WebAssembly with its
 * baseline compiler only: a test's service lives for seconds, and optimizing PostgreSQL's hottest
 * WASM functions was half of each start's CPU (1.4 s against 0.7 s), on a suite that keeps both
 * cores busy. What a command does does not depend on V8's compiler tier.
 */
export const NODE_FLAGS = ['--liftoff-only'];

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliHome {
  dir: string;
  configDir: string;
  /** XDG_DATA_HOME: the local service's data lives in `<dataHome>/practice`. */
  dataHome: string;
  env: NodeJS.ProcessEnv;
  /** Runs `practice <args>`; `input` is written to stdin, which is then closed. */
  run(args: string[], options?: { env?: NodeJS.ProcessEnv; input?: string }): Promise<CliResult>;
  /** Starts `practice <args>` as a child process of the built binary without waiting, for races between processes. */
  start(args: string[], options?: { env?: NodeJS.ProcessEnv }): Promise<CliResult>;
  readConfig(): Promise<any>;
  writeConfig(config: unknown): Promise<void>;
  cleanup(): Promise<void>;
}

/** The report of a programming error (src/cli/program.ts): no command may ever end with it. */
export const UNEXPECTED_FAILURE = 'unexpected failure';

/** A `practice` process under way: its pid (to signal it) and its outcome. */
export interface LaunchedPractice {
  pid: number;
  result: Promise<CliResult>;
}

/**
 * Starts `practice <args>` with exactly `env`; `input` is written to stdin, which is then closed.
 * The result rejects when the command ended in an unexpected failure, so every CLI test checks there was none.
 */
export function launchPractice(args: string[], env: NodeJS.ProcessEnv, input?: string): LaunchedPractice {
  const child = spawn(process.execPath, [...NODE_FLAGS, BIN, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  const result = new Promise<CliResult>((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => {
      if (stderr.includes(UNEXPECTED_FAILURE)) reject(new Error(`\`practice ${args.join(' ')}\` ended in an unexpected failure (exit ${code}):\n${stderr}`));
      else resolve({ code: code ?? -1, stdout, stderr });
    });
    child.stdin.end(input);
  });
  return { pid: child.pid!, result };
}

let builtBinary = false;

/**
 * Puts the calling test file in the built binary's tier: from here on every command it runs is a
 * child process of bin/practice.cjs. For what only a process shows: the bundle and its lazy chunks,
 * the process's exit status, signals, a pseudo-terminal, start-up and the compile cache. Call it at
 * the top level of the file; the next file a worker runs starts in process again (the workers share
 * this module between their files: test/vitest.config.ts).
 */
export function useBuiltBinary(): void {
  builtBinary = true;
  afterAll(() => {
    builtBinary = false;
  });
}

/** Variables only a Node starting up reads: what they change shows only in a new process. */
const NODE_OWN = ['NODE_OPTIONS', 'NODE_DEBUG', 'NODE_COMPILE_CACHE', 'NODE_DISABLE_COMPILE_CACHE'];

/**
 * What needs a process of its own whatever the file's tier: a command that keeps its process until
 * a signal or the end of stdin (a foreground server, `practice mcp`), and one given Node's own
 * variables (NODE_OWN).
 */
function needsItsOwnProcess(args: string[], env: NodeJS.ProcessEnv): boolean {
  const noun = nounOf(args);
  return noun === 'mcp' || (noun === 'server' && args.includes('start') && args.includes('--foreground')) || NODE_OWN.some((name) => env[name] !== undefined);
}

class Captured extends Writable {
  text = '';
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void): void {
    this.text += String(chunk);
    done();
  }
}

/**
 * `practice <args>` in this process, through the program's entry, on streams of its own (no
 * terminal: isTTY unset, as on a pipe), exactly `env` and the real clock. A copy of itself the
 * command starts (the background service) is the built binary.
 */
async function runInProcess(args: string[], env: NodeJS.ProcessEnv, input?: string): Promise<CliResult> {
  const stdout = new Captured();
  const stderr = new Captured();
  // Bytes, as a pipe gives them.
  const stdin = Readable.from(input === undefined || input === '' ? [] : [Buffer.from(input)]);
  const code = await run(args, { io: { stdin, stdout, stderr }, env, now: () => new Date(), self: { execPath: process.execPath, script: BIN } });
  if (stderr.text.includes(UNEXPECTED_FAILURE)) throw new Error(`\`practice ${args.join(' ')}\` ended in an unexpected failure (exit ${code}):\n${stderr.text}`);
  return { code, stdout: stdout.text, stderr: stderr.text };
}

/**
 * Runs `practice <args>` with exactly `env`; `input` is written to stdin, which is then closed. In
 * this process unless the file called useBuiltBinary() or the command holds its process (see the
 * top of this file). Rejects when the command ended in an unexpected failure, so every CLI test
 * checks there was none.
 */
export function runPractice(args: string[], env: NodeJS.ProcessEnv, input?: string): Promise<CliResult> {
  return builtBinary || needsItsOwnProcess(args, env) ? launchPractice(args, env, input).result : runInProcess(args, env, input);
}

/**
 * Stops every service a test's commands started in the background under `dir` (each data dir's
 * `server.json` names its pid), so that no test leaves a process behind (.ci/run fails on one).
 */
async function stopServersUnder(dir: string): Promise<void> {
  const entries = await readdir(dir, { recursive: true }).catch(() => [] as string[]);
  const pids = await Promise.all(entries.filter((path) => basename(path) === 'server.json').map(async (path) => {
    try {
      return (JSON.parse(await readFile(join(dir, path), 'utf8')) as { pid?: number }).pid ?? null;
    } catch {
      return null;
    }
  }));
  await Promise.all(pids.filter((pid): pid is number => pid !== null && isProcessAlive(pid)).map(async (pid) => {
    process.kill(pid, 'SIGTERM');
    for (let waited = 0; waited < 10_000 && isProcessAlive(pid); waited += 50) await sleep(50);
    if (isProcessAlive(pid)) process.kill(pid, 'SIGKILL');
  }));
}

export async function tempHome(): Promise<CliHome> {
  const dir = await mkdtemp(join(tmpdir(), 'practice-cli-'));
  const configDir = join(dir, 'config');
  const dataHome = join(dir, 'data');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: dir,
    TZ: 'UTC',
    PRACTICE_CONFIG_DIR: configDir,
    XDG_DATA_HOME: dataHome,
    XDG_CONFIG_HOME: join(dir, 'xdg-config'),
  };
  const configPath = join(configDir, 'config.json');
  return {
    dir,
    configDir,
    dataHome,
    env,
    run: (args, options = {}) => runPractice(args, { ...env, ...options.env }, options.input),
    start: (args, options = {}) => launchPractice(args, { ...env, ...options.env }).result,
    readConfig: async () => JSON.parse(await readFile(configPath, 'utf8')),
    writeConfig: (config) => writeFile(configPath, JSON.stringify(config), { mode: 0o600 }),
    // Retried: a process the test started and did not wait for may still be writing Node's compile
    // cache under this home's .cache as it exits (the servers are waited for, above).
    cleanup: async () => {
      await stopServersUnder(dir);
      await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}

/** A home with profile `test` (made active) pointing at `url`, signed up and in as a fresh account. */
export async function signedInHome(url: string, anonKey: string, email = `t${Date.now()}${Math.random().toString(36).slice(2, 8)}@example.com`): Promise<CliHome & { email: string; password: string }> {
  const home = await tempHome();
  const password = 'correct horse battery';
  const added = await home.run(['profile', 'add', 'test', '--url', url, '--anon-key', anonKey, '--time-zone', 'Europe/Berlin', '--use']);
  if (added.code !== 0) throw new Error(`profile add failed: ${added.stderr}`);
  const signedUp = await home.run(['auth', 'signup', '--email', email, '--password-stdin'], { input: `${password}\n` });
  if (signedUp.code !== 0) throw new Error(`signup failed: ${signedUp.stderr}`);
  return Object.assign(home, { email, password });
}
