// Every row of the table in `practice help exit-codes`, walked: each code is produced by the cases
// its row names, and a record not found is the same code whatever form named it (a full uuid, a
// short id or prefix, a name). A row added to the table without a case here fails the first test.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { weekdayAhead } from '../helpers/days.js';
import { signedInCli } from '../helpers/signed-in-cli.js';
import { atTerminal, KEY } from '../helpers/terminal.js';

const { server, home } = await signedInCli({ recordRequests: true });

/** The codes the table lists, read from the help the CLI prints. */
async function documentedCodes(): Promise<number[]> {
  const { stdout } = await home.run(['help', 'exit-codes']);
  return [...stdout.matchAll(/^ {2}(\d+) /gm)].map((match) => Number(match[1]));
}

const writes = () => server.received.filter((request) => request.url.startsWith('/rest/') && request.method !== 'GET');
const sent = () => server.received.filter((request) => request.url.startsWith('/rest/'));

let ann: string;

beforeAll(async () => {
  ann = (await home.run(['client', 'add', '--name', 'Exit Ann'])).stdout.trim();
  await home.run(['client', 'add', '--name', 'Exit Anna']);
  await home.run(['service', 'add', '--name', 'Exit 60', '--duration', '60', '--price', '60']);
});

/** Runs `practice <args>` and checks the code; returns stderr for the message checks. */
async function exits(code: number, args: string[], options: { env?: NodeJS.ProcessEnv } = {}): Promise<string> {
  const result = await home.run(args, options);
  expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(code);
  return result.stderr;
}

type Sends = 'nothing' | 'no writes' | 'anything';

// The cases of each row, by code: what, the command, what stderr says, and what may be sent.
const CASES: Record<number, Array<[string, () => string[], RegExp, Sends]>> = {
  0: [['a command that did what was asked', () => ['client', 'list'], /^$/, 'anything']],
  1: [
    ['no client has a full uuid', () => ['client', 'show', randomUUID()], /no client has the id/, 'no writes'],
    // A client's short id that matches no id may still be a name: it is searched as one too.
    ['no client has a short id', () => ['client', 'show', 'ffffffff'], /no client matches 'ffffffff'/, 'no writes'],
    ['no appointment has a prefix', () => ['appt', 'show', 'ffff'], /no appointment has an id starting with ffff/, 'no writes'],
    ['no appointment has a full uuid', () => ['appt', 'show', '00000000-0000-4000-8000-000000000000'], /No appointment has the id 00000000-0000-4000-8000-000000000000/, 'no writes'],
    ['no note has a short id', () => ['note', 'show', 'abcdef12'], /no note has an id starting with abcdef12/, 'no writes'],
    ['no client has the name', () => ['appt', 'add', '--client', 'nobody', '--date', weekdayAhead(1, 14), '--start', '9', '--end', '10'], /--client: no client matches 'nobody'/, 'no writes'],
    ['no service has the name', () => ['service', 'update', 'No such service', '--price', '1'], /no service matches 'No such service'/, 'no writes'],
    ['the server refuses a duplicate', () => ['service', 'add', '--name', 'exit 60', '--duration', '60', '--price', '60'], /Service Exit 60 \([0-9a-f]{8}\) already has the name exit 60/, 'anything'],
  ],
  2: [
    ['an unknown flag', () => ['client', 'list', '--colour'], /unknown option/, 'nothing'],
    ['an id that is not hex', () => ['appt', 'show', 'zzzz1234'], /expected an appointment id or a prefix/, 'nothing'],
    ['a prefix too short to be one', () => ['note', 'show', 'ab'], /prefix of at least 4 hex characters/, 'nothing'],
    ['a name several clients have', () => ['client', 'show', 'exit an'], /'exit an' matches 2 clients/, 'no writes'],
    ['a prompt needed without a terminal', () => ['client', 'delete', 'Exit Ann'], /Pass --yes/, 'nothing'],
  ],
  4: [['a token the server rejects', () => ['client', 'list'], /./, 'no writes']],
};

describe('help exit-codes', () => {
  it('lists exactly the codes walked here (130: Ctrl-C, at a terminal below)', async () => {
    expect(await documentedCodes()).toEqual([...Object.keys(CASES).map(Number), 130].sort((a, b) => a - b));
  });
});

describe.each(Object.entries(CASES))('exit %s', (code, cases) => {
  it.each(cases)('%s', async (_, args, message, sends) => {
    server.received.length = 0;
    const env = code === '4' ? { PRACTICE_URL: server.url, PRACTICE_ANON_KEY: server.keys.anonKey, PRACTICE_TOKEN: 'not-a-token' } : undefined;
    const stderr = await exits(Number(code), args(), { env });
    expect(stderr).toMatch(message);
    if (sends === 'nothing') expect(sent()).toEqual([]);
    if (sends === 'no writes') expect(writes()).toEqual([]);
  });
});

it('a record not found is exit 1 for a full uuid, a short id and a prefix of the same record alike', async () => {
  await home.run(['client', 'delete', ann, '--yes']);
  for (const form of [ann, ann.slice(0, 8), ann.slice(0, 5)]) {
    const stderr = await exits(1, ['client', 'update', form, '--phone', '1']);
    expect(stderr, form).toMatch(/^hint: See `practice client list` for ids and names\.$/m);
  }
});

it('exit 130: Ctrl-C at a question', async () => {
  const terminal = atTerminal(['client', 'add'], home.env);
  await terminal.answer('Name', `Half typed${KEY.ctrlC}`);
  const { code, screen } = await terminal.exit();
  expect(code, screen).toBe(130);
  expect(screen).toContain('Cancelled.');
});
