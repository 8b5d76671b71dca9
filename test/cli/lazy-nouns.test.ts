// Only the invoked noun's module is loaded and its commands built (src/cli/program.ts); the others
// are names and summaries. The noun is found before commander parses, past global options and their
// values (src/cli/noun-of.ts), even a value that is itself a noun's name.
import { PassThrough } from 'node:stream';
import { expect, it } from 'vitest';
import { createContext } from '../../src/cli/context.js';
import { buildProgram } from '../../src/cli/program.js';

/** The nouns whose commands `argv` builds: one not loaded is a bare name, without subcommands, options or arguments. */
async function builtNouns(argv: string[]): Promise<string[]> {
  const stream = () => new PassThrough();
  const ctx = createContext({ io: { stdin: stream(), stdout: stream(), stderr: stream() }, env: {}, now: () => new Date(), self: { execPath: process.execPath, script: 'practice' } });
  const program = await buildProgram(ctx, argv);
  return program.commands
    .filter((noun) => noun.commands.length + noun.options.length + noun.registeredArguments.length > 0)
    .map((noun) => noun.name());
}

// api, one command the program's help lists by its usage, is always built; help too.
const ALWAYS = ['api', 'help'];

it.each([
  [['appt', 'list']],
  [['--profile', 'client', 'appt', 'list']],
  [['-p', 'server', 'appt', 'list']],
  [['--max-wait', '5', '--profile', 'x', 'appt', 'list', '--date', 'today']],
  [['--no-color', '--verbose', 'appt', 'list']],
])('%j loads appt alone', async (argv) => {
  expect((await builtNouns(argv)).sort()).toEqual([...ALWAYS, 'appt'].sort());
});

it('loads no other noun for a command of the small nouns', async () => {
  expect((await builtNouns(['--profile', 'appt', 'profile', 'list'])).sort()).toEqual([...ALWAYS, 'profile'].sort());
  expect((await builtNouns(['auth', 'status'])).sort()).toEqual([...ALWAYS, 'auth'].sort());
});
