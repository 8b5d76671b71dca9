// The command tree and the one place that turns a command's outcome into an exit code
// (0 ok, 1 failure, 2 usage, 4 auth). src/cli/main.ts runs it for the real process.
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import packageJson from '../../package.json' with { type: 'json' };
import { ApiError } from '../core/api-error.js';
import { apiCommand } from './api/index.js';
import { authCommand } from './auth/index.js';
import type { Context, GlobalOptions } from './context.js';
import { CommandError, ExitCode, SilentExit } from './errors.js';
import { helpCommand } from './help/index.js';
import { profileCommand } from './profile/index.js';
import { serverCommand } from './server/index.js';

function seconds(value: string): number {
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number < 0) throw new InvalidArgumentError('expected a number of seconds, 0 or more.');
  return number;
}

export function buildProgram(ctx: Context): Command {
  const program = new Command('practice')
    .description('Run a small therapy or massage practice from the terminal')
    .version(packageJson.version, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .helpCommand(false)
    .option('-p, --profile <name>', 'the profile to use (default: PRACTICE_PROFILE, the active profile, or local)')
    .option('--no-input', 'never prompt; fail with a usage error where an answer is needed')
    .option('--no-color', 'no colour in the output (also: NO_COLOR)')
    .option('--verbose', 'log every HTTP request and response to stderr (secrets redacted)')
    .addOption(new Option('--max-wait <seconds>', 'longest total wait to retry a request (rate limits, outages)').argParser(seconds).default(30))
    .showSuggestionAfterError(true)
    .addHelpText('after', `
Exit codes: 0 ok, 1 failure, 2 invalid usage or input (nothing sent), 4 not signed in or token rejected.
See \`practice help exit-codes\` and \`practice help environment\`.`)
    .hook('preAction', () => {
      const options = program.opts<GlobalOptions>();
      Object.assign(ctx.options, {
        profile: options.profile,
        input: options.input,
        color: options.color,
        verbose: options.verbose ?? false,
        maxWait: options.maxWait,
      });
    });
  program.addCommand(authCommand(ctx));
  program.addCommand(profileCommand(ctx));
  program.addCommand(apiCommand(ctx));
  program.addCommand(serverCommand(ctx));
  program.addCommand(helpCommand(ctx, program));
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
    const { red } = ctx.out.noteColor;
    const origin = err instanceof ApiError ? ` (HTTP ${err.status}${err.code ? ` ${err.code}` : ''})` : '';
    ctx.io.stderr.write(`${red('error:')} ${err.message}${origin}\n`);
    if (err instanceof ApiError && err.details) ctx.io.stderr.write(`details: ${err.details}\n`);
    if (err.hint) ctx.io.stderr.write(`hint: ${err.hint}\n`);
    return err.exitCode;
  }
  const message = err instanceof Error ? (err.stack ?? err.message) : String(err);
  ctx.io.stderr.write(`error: unexpected failure, please report it:\n${message}\n`);
  return ExitCode.failure;
}
