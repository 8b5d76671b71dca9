// Starting the service as a detached copy of this executable (`server start --foreground`), waiting
// for its one JSON line, then letting it run on after this command exits. Its stderr goes to a log.
// It listens on the port the data dir keeps (kept-port.ts), checked free first to say so clearly.
import { spawn } from 'node:child_process';
// fs.promises, not node:fs/promises: Node loads it on first use, which a read never makes (docs/architecture.md).
import { promises as fsp } from 'node:fs';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { mkdirFailure, unusableDir } from '../fs/unusable-dir.js';
import { ensureDataDir, serverLogPath } from './data-dir.js';
import { BackgroundStartError, PortTakenError } from './errors.js';
import { readKeptPort } from './kept-port.js';
import { readServerState } from './server-state.js';

// A first start unpacks PGlite's shipped template (~0.9 s on a quiet 2-core machine; initdb, ~3 s,
// when there is none, and much longer on a busy one); a PostgreSQL server may be slower still.
const START_TIMEOUT_MS = 60_000;

export interface BackgroundStart {
  host: string;
  /** Undefined: the port the data dir keeps, else `firstPort`. The server keeps the one it listens on. */
  port?: number | undefined;
  /** The port of a first start, when the data dir keeps none (0: any free one). */
  firstPort: number;
  dataDir: string;
  databaseUrl?: string | undefined;
  trustProxy?: string | undefined;
}

/** The command line of the `practice` executable, which the background server runs a copy of. */
export interface PracticeCommand {
  execPath: string;
  script: string;
}

export interface StartedServer {
  url: string;
  anonKey: string | null;
  alreadyRunning: boolean;
}

async function logTail(path: string): Promise<string> {
  const text = await fsp.readFile(path, 'utf8').catch(() => '');
  return text.trim().split('\n').slice(-5).join('\n');
}

/** Whether another program listens on `port` (a child failing on it would only say so in its log). */
function portTaken(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    // Any other failure (a port below 1024, an address not of this machine) is the server's to report.
    probe.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'EADDRINUSE'));
    probe.listen(port, host, () => probe.close(() => resolve(false)));
  });
}

// A service killed a moment ago can leave a connection of its port closing (FIN-WAIT) while a client
// that kept it alive has not closed its end yet: the port frees itself within moments.
const PORT_RELEASE_MS = 3000;

/** Whether `port` is still taken after the moment a just-killed service's connections take to close. */
async function portStaysTaken(host: string, port: number): Promise<boolean> {
  const deadline = Date.now() + PORT_RELEASE_MS;
  while (await portTaken(host, port)) {
    if (Date.now() >= deadline) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

// A first start asked for any free port gets one below the ranges systems hand to outgoing connections
// (Linux 32768-60999; macOS and Windows 49152-65535): the service keeps its port for good, and after a
// crash a client socket of any program could otherwise be holding it when the next command restarts it.
const KEPT_PORTS = { low: 20000, high: 32767 };
const PORT_TRIES = 20;

/** A free port in KEPT_PORTS, or 0 (the system's choice) if the tries all met a taken one. */
async function freeKeptPort(host: string): Promise<number> {
  for (let tries = 0; tries < PORT_TRIES; tries++) {
    // Not a secret: Math.random spares loading node:crypto in every command that may start the service.
    const port = KEPT_PORTS.low + Math.floor(Math.random() * (KEPT_PORTS.high - KEPT_PORTS.low + 1));
    if (!(await portTaken(host, port))) return port;
  }
  return 0;
}

/** Starts the server of `options.dataDir` unless one runs; `env` is the environment it inherits. */
export async function startInBackground(command: PracticeCommand, env: NodeJS.ProcessEnv, options: BackgroundStart): Promise<StartedServer> {
  const running = await readServerState(options.dataDir);
  if (running?.url) return { url: running.url, anonKey: null, alreadyRunning: true };

  const logPath = serverLogPath(options.dataDir);
  await ensureDataDir(options.dataDir).catch(async (err: unknown) => {
    throw await mkdirFailure(err, options.dataDir, 'data');
  });
  const log = await fsp.open(logPath, 'a', 0o600).catch((err: unknown) => {
    throw unusableDir(err, options.dataDir, 'data');
  });
  const asked = options.port ?? (await readKeptPort(options.dataDir)) ?? options.firstPort;
  const port = asked === 0 ? await freeKeptPort(options.host) : asked;
  if (asked !== 0 && (await portStaysTaken(options.host, port))) {
    await log.close();
    throw new PortTakenError(options.host, port);
  }
  const args = [command.script, 'server', 'start', '--foreground', '--host', options.host, '--port', String(port), '--data-dir', options.dataDir];
  // The database URL may hold a password: it travels in the environment, never on a command line.
  const childEnv: NodeJS.ProcessEnv = { ...env };
  if (options.databaseUrl) childEnv.PRACTICE_DATABASE_URL = options.databaseUrl;
  else delete childEnv.PRACTICE_DATABASE_URL;
  if (options.trustProxy) childEnv.PRACTICE_TRUST_PROXY = options.trustProxy;
  else delete childEnv.PRACTICE_TRUST_PROXY;
  const child = spawn(command.execPath, args, { detached: true, stdio: ['ignore', 'pipe', log.fd], env: childEnv });
  await log.close();

  const line = await new Promise<string | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), START_TIMEOUT_MS);
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (text) => { clearTimeout(timer); resolve(text); });
    child.once('exit', () => { clearTimeout(timer); resolve(null); });
  });
  child.stdout!.destroy();
  if (line === null) {
    if (child.exitCode === null) child.kill('SIGTERM');
    throw new BackgroundStartError(logPath, await logTail(logPath));
  }
  child.unref();
  const started = JSON.parse(line) as { url: string; anon_key: string };
  return { url: started.url, anonKey: started.anon_key, alreadyRunning: false };
}
