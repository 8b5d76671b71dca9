// The command tree and the one place that turns a command's outcome into an exit code
// (0 ok, 1 failure, 2 usage, 4 auth). src/cli/main.ts runs it for the real process.
import { Command, CommanderError } from 'commander';
import packageJson from '../../package.json' with { type: 'json' };
import type { Context } from './context.js';
import { CommandError, ExitCode, SilentExit } from './errors.js';
import { serverCommand } from './server/index.js';

export function buildProgram(ctx: Context): Command {
  const program = new Command('practice')
    .description('Run a small therapy or massage practice from the terminal')
    .version(packageJson.version, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .showSuggestionAfterError(true);
  program.addCommand(serverCommand(ctx));
  return configureTree(program, ctx);
}

/** Every command in the tree reports through ctx.io and throws instead of exiting itself. */
function configureTree(command: Command, ctx: Context): Command {
  command
    .exitOverride()
    .configureOutput({
      writeOut: (text) => ctx.io.stdout.write(text),
      writeErr: (text) => ctx.io.stderr.write(text),
    });
  for (const sub of command.commands) configureTree(sub, ctx);
  return command;
}

/** Runs the CLI and returns the exit code; printing errors is part of running. */
export async function run(argv: string[], ctx: Context): Promise<number> {
  try {
    await buildProgram(ctx).parseAsync(argv, { from: 'user' });
    return ExitCode.ok;
  } catch (err) {
    return report(err, ctx);
  }
}

function report(err: unknown, ctx: Context): number {
  if (err instanceof SilentExit) return err.exitCode;
  if (err instanceof CommanderError) {
    // commander has already printed its own message (through configureOutput).
    return err.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
  }
  if (err instanceof CommandError) {
    ctx.io.stderr.write(`error: ${err.message}\n`);
    if (err.hint) ctx.io.stderr.write(`hint: ${err.hint}\n`);
    return err.exitCode;
  }
  const message = err instanceof Error ? (err.stack ?? err.message) : String(err);
  ctx.io.stderr.write(`error: unexpected failure, please report it:\n${message}\n`);
  return ExitCode.failure;
}
