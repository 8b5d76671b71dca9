// The command tree and the one place that turns a command's outcome into an exit code
// (0 ok, 1 failure, 2 usage, 4 auth, 130 Ctrl-C at a question). src/cli/main.ts runs it for the real process.
import type { EventEmitter } from 'node:events';
import { Command, InvalidArgumentError, Option } from 'commander';
import packageJson from '../../package.json' with { type: 'json' };
import { visibleText } from '../core/visible-text.js';
import { apiCommand } from './api/index.js';
import { type Context, createContext, type GlobalOptions, type ProgramIO, processIO } from './context.js';
import { ExitCode, failureOf } from './errors.js';
import { helpCommand } from './help/index.js';
import { nounOf } from './noun-of.js';
import { invokedWords } from './shared/verb-table.js';

/** Builds a noun's command; a noun with a verb table (cli/shared/verb-table.ts) builds only `verb` when it is one of its verbs. */
type CommandFactory = (ctx: Context, verb: string | undefined) => Command | Promise<Command>;

/**
 * The nouns. A noun gives `load`: its module runs, and the packages it requires load, only when it
 * is the noun invoked. The build gives each `load` chunk files of its own beside dist/cli.cjs
 * (src/build/bundle-cli.mjs), so a noun not invoked is not even read or parsed: the small ones too
 * (auth's and profile's cost every command ~10 million instructions; bench/cli). `api` alone is
 * built always: one command with arguments, which the program's help lists by its usage. A noun
 * with `wholeTree` reads the whole program (completion), so the others' placeholders stay for it.
 * Registering a noun is one entry here.
 */
const NOUNS: Array<{ name: string; summary: string; wholeTree?: true } & ({ command: CommandFactory } | { load(): Promise<CommandFactory> })> = [
  { name: 'auth', summary: 'Sign in and out, and see who is signed in', load: async () => (await import('./auth/index.js')).authCommand },
  { name: 'profile', summary: 'Manage profiles: which project the CLI talks to, and as whom', load: async () => (await import('./profile/index.js')).profileCommand },
  { name: 'api', summary: 'Send a request to the project and print the response body', command: apiCommand },
  { name: 'server', summary: 'Run the embedded practice service (PGlite by default, or a PostgreSQL server)', load: async () => (await import('./server/index.js')).serverCommand },
  { name: 'appt', summary: 'Appointments: the day, the week, booking, rescheduling and status', load: async () => (await import('./appt/index.js')).apptCommand },
  { name: 'service', summary: 'The service menu: what the practice offers, for how long, at what price', load: async () => (await import('./service/index.js')).serviceCommand },
  { name: 'hours', summary: 'The weekly opening hours of the practice', load: async () => (await import('./hours/index.js')).hoursCommand },
  { name: 'expense', summary: 'Log and list the expenses of the practice', load: async () => (await import('./expense/index.js')).expenseCommand },
  { name: 'msg', summary: 'The conversation log with a client', load: async () => (await import('./msg/index.js')).msgCommand },
  { name: 'client', summary: 'List, find, add and change clients', load: async () => (await import('./client/index.js')).clientCommand },
  { name: 'note', summary: 'Write, sign and amend SOAP session notes', load: async () => (await import('./note/index.js')).noteCommand },
  { name: 'remind', summary: 'Send each upcoming appointment one reminder, never twice (for cron)', load: async () => (await import('./remind/index.js')).remindCommand },
  { name: 'report', summary: "The practice's numbers: revenue, profit and loss, clients, visits", load: async () => (await import('./report/index.js')).reportCommand },
  { name: 'pay', summary: 'Record payments, refunds and voids: the ledger of money received', load: async () => (await import('./pay/index.js')).payCommand },
  { name: 'balance', summary: 'What each client was billed, paid and owes (exit 1 with --overdue while any is)', load: async () => (await import('./balance/index.js')).balanceCommand },
  { name: 'package', summary: 'Sell prepaid visits of a service and see how many are left', load: async () => (await import('./package/index.js')).packageCommand },
  { name: 'invoice', summary: 'Issue invoices and superbills (gapless numbers, final once issued), credit notes and PDFs', load: async () => (await import('./invoice/index.js')).invoiceCommand },
  { name: 'receipt', summary: 'Write a receipt for a payment as a PDF', load: async () => (await import('./receipt/index.js')).receiptCommand },
  { name: 'export', summary: 'Write every record of the practice to a backup file', load: async () => (await import('./export/index.js')).exportCommand },
  { name: 'import', summary: 'Load a backup written by `practice export`; safe to run again', load: async () => (await import('./import/index.js')).importCommand },
  { name: 'audit', summary: 'Who changed or read what, when and through what; verify the trail', load: async () => (await import('./audit/index.js')).auditCommand },
  { name: 'booking', summary: 'The public booking page: turn it on, what it offers, consent and intake questions', load: async () => (await import('./booking/index.js')).bookingCommand },
  { name: 'calendar', summary: "The practice's private calendar feed, for a phone's or laptop's calendar", load: async () => (await import('./calendar/index.js')).calendarCommand },
  { name: 'settings', summary: "The practice's retention periods and its details (name, address, tax id, licence)", load: async () => (await import('./settings/index.js')).settingsCommand },
  { name: 'retention', summary: 'Delete what has passed its retention period (a dry run unless --yes)', load: async () => (await import('./retention/index.js')).retentionCommand },
  { name: 'mcp', summary: 'Serve the practice to an assistant as MCP tools over stdio', load: async () => (await import('./mcp/index.js')).mcpCommand(report) },
  { name: 'completion', summary: 'Print the shell completion script for bash, zsh or fish', wholeTree: true, load: async () => {
    const { completionCommand } = await import('./completion/index.js');
    return (ctx: Context) => completionCommand(ctx, buildProgram);
  } },
];

function seconds(value: string): number {
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number < 0) throw new InvalidArgumentError('expected a number of seconds, 0 or more.');
  return number;
}

export async function buildProgram(ctx: Context, argv: readonly string[]): Promise<Command> {
  const program = new Command('practice')
    .description('Run a small therapy or massage practice from the terminal')
    .version(packageJson.version, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .helpCommand(false)
    .option('-p, --profile <name>', 'the profile to use (default: PRACTICE_PROFILE, the active profile, or local)')
    .option('--no-input', 'never prompt; fail with a usage error where an answer is needed')
    .option('--no-color', 'no colour in the output (also: NO_COLOR)')
    .option('--verbose', 'log every HTTP request and response to stderr (secrets redacted), and name the status and code of a refusal')
    .addOption(new Option('--max-wait <seconds>', 'longest total wait to retry a request (rate limits, outages); 0: never wait').argParser(seconds).default(60))
    .showSuggestionAfterError(true)
    .addHelpText('before', `Examples:
  $ practice appt today
  $ practice client add --name "Ann Lee" --phone 555-0100
  $ practice appt add --client ann --date tomorrow --start 10 --end 11
  $ practice appt export --date today --format ics --output today.ics
`)
    .addHelpText('after', `
Exit codes: 0 ok, 1 failure or not found, 2 invalid usage or input (nothing sent), 4 not signed in or token rejected, 130 cancelled (Ctrl-C).
See \`practice help exit-codes\` and \`practice help environment\`.`)
    .hook('preAction', (_, actionCommand) => {
      optionsFromEnv(actionCommand, ctx.env);
      const options = program.opts<GlobalOptions>();
      Object.assign(ctx.options, {
        profile: options.profile,
        input: options.input,
        color: options.color,
        verbose: options.verbose ?? false,
        maxWait: options.maxWait,
      });
    });
  const invoked = nounOf(argv);
  const [sureNoun, verb] = invokedWords(argv, program.options);
  // A noun commander will surely run needs no other: their placeholders serve only the program's
  // own help and errors, and completion, which reads the whole tree (~5 M instructions; bench/cli).
  const alone = NOUNS.find((noun) => noun.name === sureNoun && !('wholeTree' in noun));
  for (const noun of NOUNS) {
    if (alone && noun !== alone && !('command' in noun)) continue;
    // Nouns that do not run are listed by name and summary only.
    const factory = 'command' in noun ? noun.command : noun.name === invoked ? await noun.load() : null;
    const command = factory ? await factory(ctx, verb) : new Command(noun.name);
    program.addCommand(command.description(noun.summary));
  }
  program.addCommand(helpCommand(ctx, NOUNS.map((noun) => noun.name), (words) => runInContext(words, ctx)));
  return configureTree(program, ctx);
}

/**
 * commander reads an option's environment variable (`Option.env`) from process.env, but the
 * program's environment is ctx.env. Before the action, each such option of the command and its
 * parents takes its value from ctx.env, with commander's own precedence (the command line wins) and
 * parsing; one read from process.env alone goes back to its default.
 */
function optionsFromEnv(actionCommand: Command, env: NodeJS.ProcessEnv): void {
  for (let command: Command | null = actionCommand; command; command = command.parent) {
    for (const option of command.options) {
      if (!option.envVar) continue;
      const key = option.attributeName();
      const source = command.getOptionValueSource(key);
      if (source !== undefined && source !== 'default' && source !== 'env') continue;
      // commander's own listener parses the value and words a refusal as it does for process.env
      // (a Command is an EventEmitter; its typings declare only on()).
      const emitter = command as unknown as EventEmitter;
      if (option.envVar in env) emitter.emit(`optionEnv:${option.name()}`, option.required || option.optional ? env[option.envVar] : undefined);
      else if (source === 'env') command.setOptionValueWithSource(key, option.defaultValue, 'default');
    }
  }
}

/** Every command in the tree reports through ctx.io and throws instead of exiting itself. */
function configureTree(command: Command, ctx: Context): Command {
  command
    .exitOverride()
    .configureOutput({
      writeOut: (text) => ctx.io.stdout.write(text),
      // commander's errors quote what was typed, which may hold control characters.
      writeErr: (text) => ctx.io.stderr.write(visibleText(text, '\n')),
    });
  for (const sub of command.commands) configureTree(sub, ctx);
  return command;
}

/** Runs the CLI for this process: its argv, streams, environment and clock. */
export function runProcess(): Promise<number> {
  return run(process.argv.slice(2), processIO());
}

/**
 * The program's one entry: `practice <argv>` on the given streams, environment and clock, to its
 * exit code. It never exits the process nor sets its exit code (main.ts does, for the real one), so
 * a test or another front end runs it in its own process as often as it likes.
 */
export function run(argv: string[], io: ProgramIO): Promise<number> {
  return runInContext(argv, createContext(io));
}

/** Runs the CLI on a context already made (`practice help`); printing errors is part of running. */
async function runInContext(argv: string[], ctx: Context): Promise<number> {
  try {
    await (await buildProgram(ctx, argv)).parseAsync(argv, { from: 'user' });
    return ExitCode.ok;
  } catch (err) {
    return report(err, ctx);
  }
}

/** Prints a failure as errors.ts's one map says (message, details, hint) and gives its exit code; anything the map does not know is a bug. */
function report(err: unknown, ctx: Context): number {
  // Messages quote the data and the server's text: shown with control characters escaped.
  const say = (line: string) => ctx.io.stderr.write(`${visibleText(line, '\n')}\n`);
  const failure = failureOf(err);
  if (!failure) {
    const message = err instanceof Error ? (err.stack ?? err.message) : String(err);
    say(`error: unexpected failure, please report it:\n${message}`);
    return ExitCode.failure;
  }
  if (failure.message !== null) {
    ctx.io.stderr.write(`${ctx.out.noteColor.red('error:')} `);
    say(`${failure.message}${ctx.options.verbose && failure.origin ? failure.origin : ''}`);
    if (failure.details) say(`details: ${failure.details}`);
    if (failure.hint) say(`hint: ${failure.hint}`);
  }
  return failure.exitCode;
}
