// What every command gets instead of reaching for globals (gh's factory): the I/O streams, the
// environment and the clock. Heavier services hang off it as lazy functions, built only when called.
import type { Readable, Writable } from 'node:stream';

export interface IOStreams {
  stdin: Readable & { isTTY?: boolean };
  stdout: Writable & { isTTY?: boolean; columns?: number };
  stderr: Writable & { isTTY?: boolean };
}

export interface Context {
  io: IOStreams;
  env: NodeJS.ProcessEnv;
  /** The clock; commands never call Date.now() themselves, so tests can pin the time. */
  now(): Date;
  /** The command line this process runs as, to start a copy of itself (the background server). */
  self: { execPath: string; script: string };
}

export function processContext(): Context {
  return {
    io: { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr },
    env: process.env,
    now: () => new Date(),
    self: { execPath: process.execPath, script: process.argv[1] ?? 'practice' },
  };
}
