// Every MCP tool and resource is answered by the run functions of `practice` verbs, called in this
// process with typed options on a context of the server's one session: the same checks, rules,
// refusals, messages and hints as at a terminal, and the same connection (HTTP core, tenant scope,
// rate-limit waits, token renewal). The verb's stdout and stderr are captured, never the process's:
// only protocol messages reach the real stdout.
import { Readable, Writable } from 'node:stream';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { type Context, createContext } from '../context.js';
import { CommandError, type NameOf } from '../errors.js';

/** program.ts's report(): prints a failure as errors.ts maps it and gives the exit code; passed in so no noun imports the noun table. */
export type Report = (err: unknown, ctx: Context) => number;

/** What answers a tool call or a resource read: a verb's run function with its options, on a command's context. */
export type Answer = (ctx: Context) => Promise<void>;

export interface CommandOutcome {
  ok: boolean;
  /** What the verb printed: JSON, as every answer asks for it. */
  stdout: string;
  /** Its notes and warnings, or on failure its `error: ...` and `hint: ...` lines. */
  stderr: string;
}

/** Runs `answer` as a command of the server's session; a refusal names flags by `name` (the tool's arguments). */
export type CommandRunner = (answer: Answer, name?: NameOf) => Promise<CommandOutcome>;

class Capture extends Writable {
  text = '';
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void): void {
    this.text += String(chunk);
    done();
  }
}

export function commandRunner(ctx: Context, report: Report): CommandRunner {
  return async (answer, name) => {
    const stdout = new Capture();
    const stderr = new Capture();
    // No terminal: a question a verb would ask refuses instead, naming what to pass (in the tool's
    // terms: `name`). Not --no-input, whose name would reach the model in the refusal.
    const command = createContext({ io: { stdin: Readable.from([]), stdout, stderr }, env: ctx.env, now: ctx.now, self: ctx.self });
    command.options = { ...ctx.options, color: false };
    command.config = ctx.config;
    command.connection = ctx.connection;
    command.api = ctx.api;
    try {
      await answer(command);
      return { ok: true, stdout: stdout.text.trim(), stderr: stderr.text.trim() };
    } catch (err) {
      const code = report(name && err instanceof CommandError ? err.named(name) : err, command);
      return { ok: code === 0, stdout: stdout.text.trim(), stderr: withoutStack(stderr.text).trim() };
    }
  };
}

/** A bug's report keeps its first line for the model: a stack trace helps no one acting on a tool's answer. */
function withoutStack(text: string): string {
  return text.replace(/^(error: unexpected failure, please report it:\n[^\n]*)\n(?:\s+at [^\n]*\n?)*/m, '$1\n');
}

/** A tool's answer: the verb's output (and its notes), or an MCP tool error with its message and hint. */
export function toolResult({ ok, stdout, stderr }: CommandOutcome): CallToolResult {
  if (!ok) return { isError: true, content: [{ type: 'text', text: stderr || 'The command failed without saying why.' }] };
  const content: CallToolResult['content'] = [{ type: 'text', text: stdout || stderr }];
  if (stdout && stderr) content.push({ type: 'text', text: stderr });
  return { content };
}
