// Every MCP tool and resource is a `practice` command line run in this process on the server's one
// session: the same flag checks, rules, refusals, messages and hints as at a terminal, and the same
// connection (HTTP core, tenant scope, rate-limit waits, token renewal). The command's stdout and
// stderr are captured, never the process's: only protocol messages reach the real stdout.
import { Readable, Writable } from 'node:stream';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { type Context, createContext } from '../context.js';

/** program.ts's run(): the CLI from an argv to an exit code, passed in so no noun imports the noun table. */
export type RunCli = (argv: string[], ctx: Context) => Promise<number>;

export interface CommandOutcome {
  ok: boolean;
  /** What the command printed: JSON with --json. */
  stdout: string;
  /** Its notes and warnings, or on failure its `error: ...` and `hint: ...` lines. */
  stderr: string;
}

/** Runs `practice <argv>` as a command of the server's session. */
export type CommandRunner = (argv: string[]) => Promise<CommandOutcome>;

class Capture extends Writable {
  text = '';
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void): void {
    this.text += String(chunk);
    done();
  }
}

export function commandRunner(ctx: Context, runCli: RunCli): CommandRunner {
  return async (argv) => {
    const stdout = new Capture();
    const stderr = new Capture();
    // No terminal: a question a command would ask refuses instead, naming what to pass (in the tool's
    // terms: tools/tool.ts). Not --no-input, whose name would reach the model in the refusal.
    const command = createContext({ io: { stdin: Readable.from([]), stdout, stderr }, env: ctx.env, now: ctx.now, self: ctx.self });
    command.config = ctx.config;
    command.connection = ctx.connection;
    command.api = ctx.api;
    const global = [...(ctx.options.profile === undefined ? [] : ['--profile', ctx.options.profile]), '--no-color', '--max-wait', String(ctx.options.maxWait)];
    const code = await runCli([...global, ...argv], command);
    return { ok: code === 0, stdout: stdout.text.trim(), stderr: withoutStack(stderr.text).trim() };
  };
}

/** A bug's report keeps its first line for the model: a stack trace helps no one acting on a tool's answer. */
function withoutStack(text: string): string {
  return text.replace(/^(error: unexpected failure, please report it:\n[^\n]*)\n(?:\s+at [^\n]*\n?)*/m, '$1\n');
}

/** A tool's answer: the command's output (and its notes), or an MCP tool error with its message and hint. */
export function toolResult({ ok, stdout, stderr }: CommandOutcome): CallToolResult {
  if (!ok) return { isError: true, content: [{ type: 'text', text: stderr || 'The command failed without saying why.' }] };
  const content: CallToolResult['content'] = [{ type: 'text', text: stdout || stderr }];
  if (stdout && stderr) content.push({ type: 'text', text: stderr });
  return { content };
}
