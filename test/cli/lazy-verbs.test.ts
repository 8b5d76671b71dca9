// A noun with a verb table (src/cli/shared/verb-table.ts) builds only the verb the command line names,
// found past the program's own options; anything commander might answer with the whole noun (its
// help, a mistyped verb, a flag before the verb) builds every verb, so that answer is unchanged.
import { PassThrough } from 'node:stream';
import { expect, it } from 'vitest';
import { createContext } from '../../src/cli/context.js';
import { buildProgram } from '../../src/cli/program.js';

/** The names of the verbs of `appt` that `argv` builds. */
async function builtVerbs(argv: string[]): Promise<string[]> {
  const stream = () => new PassThrough();
  const ctx = createContext({ io: { stdin: stream(), stdout: stream(), stderr: stream() }, env: {}, now: () => new Date(), self: { execPath: process.execPath, script: 'practice' } });
  const program = await buildProgram(ctx, argv);
  return program.commands.find((noun) => noun.name() === 'appt')!.commands.map((verb) => verb.name());
}

it.each([
  [['appt', 'list'], ['list']],
  [['appt', 'ls', '--date', 'today'], ['list']],
  [['-p', 'appt', 'appt', 'no-show', 'abc'], ['no-show']],
  [['appt', '--profile', 'work', '--verbose', 'complete'], ['complete']],
  [['--max-wait=5', 'appt', 'rm', '--help'], ['delete']],
])('%j builds that verb alone', async (argv, verbs) => {
  expect(await builtVerbs(argv)).toEqual(verbs);
});

const EVERY_VERB = ['list', 'today', 'week', 'slots', 'show', 'add', 'update', 'reschedule', 'unresolved', 'requests', 'accept', 'decline',
  'confirm', 'complete', 'cancel', 'no-show', 'delete', 'export'];

it.each([
  [['appt']],
  [['appt', '--help']],
  [['appt', 'lst']],
  [['appt', '-h', 'list']],
  [['appt', '--date', 'today', 'list']],
  [['appt', '--', 'list']],
])('%j builds every verb, in the order the help lists them', async (argv) => {
  expect(await builtVerbs(argv)).toEqual(EVERY_VERB);
});

/** The nouns in the program `argv` builds, placeholders included. */
async function nounsPresent(argv: string[]): Promise<string[]> {
  const stream = () => new PassThrough();
  const ctx = createContext({ io: { stdin: stream(), stdout: stream(), stderr: stream() }, env: {}, now: () => new Date(), self: { execPath: process.execPath, script: 'practice' } });
  return (await buildProgram(ctx, argv)).commands.map((noun) => noun.name());
}

it('builds no placeholder of another noun for a noun commander will surely run, but for completion, which reads the whole tree', async () => {
  expect(await nounsPresent(['-p', 'work', 'appt', 'list'])).toEqual(['api', 'appt', 'help']);
  const every = await nounsPresent([]);
  expect(every.length).toBeGreaterThan(20);
  expect(await nounsPresent(['completion', 'bash'])).toEqual(every);
  expect(await nounsPresent(['--bogus', 'appt', 'list'])).toEqual(every);
  expect(await nounsPresent(['apt', 'list'])).toEqual(every);
});
