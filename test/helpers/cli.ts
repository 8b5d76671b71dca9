// The built `practice` binary as a child process (run `npm run build` first), each test in a home of
// its own: temporary config and data dirs, and none of the caller's PRACTICE_* variables.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isProcessAlive } from '../../src/fs/process-alive.js';

export const BIN = fileURLToPath(new URL('../../bin/practice.cjs', import.meta.url));

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
  /** Starts `practice <args>` without waiting, for races between processes. */
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
  const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
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

/** Runs `practice <args>` with exactly `env` (see launchPractice). */
export function runPractice(args: string[], env: NodeJS.ProcessEnv, input?: string): Promise<CliResult> {
  return launchPractice(args, env, input).result;
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
    start: (args, options = {}) => runPractice(args, { ...env, ...options.env }),
    readConfig: async () => JSON.parse(await readFile(configPath, 'utf8')),
    writeConfig: (config) => writeFile(configPath, JSON.stringify(config), { mode: 0o600 }),
    // Retried: a background server that `server stop` saw shut down may still be writing Node's
    // compile cache under this home's .cache as its process exits.
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
