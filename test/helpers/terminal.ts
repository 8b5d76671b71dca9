// The built `practice` binary at a real terminal: a pseudo-terminal made by util-linux `script`,
// typed into through script's stdin like a person would, each answer only once its question shows.
import { spawn } from 'node:child_process';
import { BIN, type CliResult, NODE_FLAGS, UNEXPECTED_FAILURE } from './cli.js';

/** Keys as a terminal sends them in raw mode. */
export const KEY = { enter: '\r', down: '\u001b[B', ctrlC: '\u0003' } as const;

// CSI (colours, cursor moves), OSC (titles), and two-byte escapes.
const ESCAPES = /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)|[@-Z\\-_])/g;

/** The output as text: escapes stripped, line ends as \n; each redraw of a question stays in it. */
const readable = (output: string) => output.replace(ESCAPES, '').replace(/\r/g, '');

export interface TerminalSession {
  /** Waits for `text` on the screen after everything waited for so far; fails showing the screen. */
  waitFor(text: string, timeoutMs?: number): Promise<void>;
  /** Sends keys to the terminal (an answer ends with KEY.enter). */
  type(keys: string): void;
  /** Waits for the question, then types the answer. */
  answer(question: string, keys: string): Promise<void>;
  /** Waits for the program to end: its exit code, the screen, and the output as sent (escapes kept). */
  exit(timeoutMs?: number): Promise<{ code: number; screen: string; raw: string }>;
}

/** A word for the shell, quoted. */
const quote = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;

/** The built binary as a shell command, for command lines given to inShellAtTerminal. */
const PRACTICE = [process.execPath, ...NODE_FLAGS, BIN].map(quote).join(' ');

/**
 * Starts `practice <args>` with stdin, stdout and stderr on one pseudo-terminal of 120x40. The
 * terminal echoes what is typed unless the program turns echo off, as a real one does.
 */
export function atTerminal(args: string[], env: NodeJS.ProcessEnv): TerminalSession {
  return inShellAtTerminal(`exec ${PRACTICE} ${args.map(quote).join(' ')}`, env, `\`practice ${args.join(' ')}\``);
}

/** A shell command line at the terminal, as atTerminal runs `practice`: to run it inside `$(...)` or with redirections. */
export function inShellAtTerminal(line: string, env: NodeJS.ProcessEnv, title = `\`${line}\``): TerminalSession {
  const command = `stty cols 120 rows 40 && ${line}`;
  const child = spawn('script', ['--quiet', '--flush', '--return', '--echo', 'always', '--command', command, '/dev/null'], {
    env: { TERM: 'xterm-256color', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let raw = '';
  let errors = '';
  let code: number | null = null;
  let cursor = 0;
  const onChange = new Set<() => void>();
  const changed = () => onChange.forEach((listener) => listener());
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    raw += chunk;
    changed();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
  child.stdin.on('error', () => {}); // typing after the program ended: the test's own checks report it
  child.once('error', (err) => {
    errors += String(err);
    code = -1;
    changed();
  });
  child.once('close', (status, signal) => {
    if (signal) errors += `killed by ${signal}`;
    code = status ?? -1;
    changed();
  });

  const screenSoFar = () => `${readable(raw)}${errors === '' ? '' : `\n[script: ${errors}]`}`;

  /** Resolves once `done()` says so, rejecting with the screen when the program ends first or time runs out. */
  function until<T>(what: string, timeoutMs: number, done: () => T | undefined): Promise<T> {
    return new Promise((resolve, reject) => {
      const stop = () => {
        clearTimeout(timer);
        onChange.delete(check);
      };
      const fail = (why: string) => {
        stop();
        reject(new Error(`${title}: ${why} ${what}. The screen so far:\n${screenSoFar()}`));
      };
      const check = () => {
        const value = done();
        if (value !== undefined) {
          stop();
          resolve(value);
        } else if (code !== null) {
          fail(`ended with exit code ${code} while waiting for`);
        }
      };
      const timer = setTimeout(() => {
        child.kill();
        fail(`gave up after ${timeoutMs} ms waiting for`);
      }, timeoutMs);
      onChange.add(check);
      check();
    });
  }

  const session: TerminalSession = {
    waitFor: (text, timeoutMs = 10_000) =>
      until(`"${text}"`, timeoutMs, () => {
        const at = readable(raw).indexOf(text, cursor);
        if (at < 0) return undefined;
        cursor = at + text.length;
        return true;
      }).then(() => {}),
    type: (keys) => void child.stdin.write(keys),
    async answer(question, keys) {
      await session.waitFor(question);
      session.type(keys);
    },
    // As runPractice does, every ending is checked for an unexpected failure (a bug, never a user's error).
    exit: (timeoutMs = 15_000) =>
      until('it to end', timeoutMs, () => (code === null ? undefined : { code, screen: readable(raw), raw }))
        .then((ended) => {
          if (ended.screen.includes(UNEXPECTED_FAILURE)) throw new Error(`${title} ended in an unexpected failure (exit ${ended.code}):\n${ended.screen}`);
          return ended;
        })
        .finally(() => child.stdin.end()),
  };
  return session;
}

/**
 * The shell line that runs `practice <args>` with stdin from /dev/null and stdout captured by
 * `$(...)`, as in `id=$(practice note add --edit)`: a program finds the terminal only through /dev/tty.
 */
export const capturing = (args: string[]) =>
  `out=$(${PRACTICE} ${args.map(quote).join(' ')} < /dev/null); code=$?; printf '\\n[stdout:%s]\\n' "$out"; exit $code`;

/** What `practice` printed to stdout, on the screen of a `capturing` line. */
export const capturedStdout = (screen: string) => /\[stdout:(.*?)\]\n/s.exec(screen)?.[1] ?? '';

/** Runs a `capturing` line at a terminal to its end; stderr is the screen. */
export async function capturedAtTerminal(args: string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  const { code, screen } = await inShellAtTerminal(capturing(args), env).exit();
  return { code, stdout: capturedStdout(screen), stderr: screen };
}
