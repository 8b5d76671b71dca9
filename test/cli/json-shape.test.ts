// The one JSON shape rule (`practice help formats`): a command about one record prints one JSON
// object, a list command an array. The whole command tree is walked, so a command that takes --json
// without a shape in SHAPES fails here; then each is run with --json against a real service.
import { writeFile } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import { join } from 'node:path';
import type { Command } from 'commander';
import { beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../../src/cli/context.js';
import { buildProgram } from '../../src/cli/program.js';
import { createWithApi, signedInCli } from '../helpers/signed-in-cli.js';
import { plusDays, weekdayAhead } from '../helpers/days.js';

// A Tuesday two to three weeks ahead: its visits, the Monday after for slots, its month and year for reports.
const DAY = weekdayAhead(2, 14);

const { home } = await signedInCli();

type Shape = 'object' | 'array';

/** Every command that takes --json, and what it prints. */
const SHAPES: Record<string, Shape> = {
  'auth status': 'object',
  'auth password': 'object',
  'server status': 'object',
  // The migration files it wrote: a list of paths.
  'server schema': 'array',
  'profile list': 'array',
  'audit list': 'array',
  'audit verify': 'object',
  'client export': 'object',
  'client erase': 'object',
  'retention purge': 'array',
  'settings show': 'array',
  'settings set': 'object',
  'appt list': 'array',
  'appt today': 'array',
  'appt week': 'array',
  'appt show': 'object',
  // The free time of a range: one answer (the range, the length asked for, its days), not a list of records.
  'appt slots': 'object',
  'appt add': 'object',
  'appt update': 'object',
  'appt reschedule': 'object',
  'appt confirm': 'object',
  'appt complete': 'object',
  'appt cancel': 'object',
  'appt no-show': 'object',
  'appt delete': 'object',
  'service list': 'array',
  'service add': 'object',
  'service update': 'object',
  'service retire': 'object',
  'service delete': 'object',
  'hours show': 'array',
  // Replaces a day's rows: any number of them.
  'hours set': 'array',
  // Time off: the closure made, the closures ahead, and those a reopen removed (a day may hold several).
  'hours close': 'object',
  'hours closures': 'array',
  'hours reopen': 'array',
  'appt unresolved': 'array',
  // Requests from the booking page, and the answer to one.
  'appt requests': 'array',
  'appt accept': 'object',
  'appt decline': 'object',
  // The practice's one booking page.
  'booking show': 'object',
  'booking enable': 'object',
  'booking disable': 'object',
  'booking consent': 'object',
  'booking page': 'object',
  // The practice's calendar feed: the URL made (or its names changed).
  'calendar feed': 'object',
  // The page's questions: a write replaces the list, so it prints the list (as hours set).
  'booking questions list': 'array',
  'booking questions add': 'object',
  'booking questions remove': 'object',
  'expense list': 'array',
  'expense add': 'object',
  'expense update': 'object',
  'expense delete': 'object',
  'msg list': 'array',
  'msg add': 'object',
  'client list': 'array',
  'client search': 'array',
  'client show': 'object',
  'client add': 'object',
  'client update': 'object',
  'client archive': 'object',
  'client delete': 'object',
  'note list': 'array',
  'note show': 'object',
  'note add': 'object',
  'note update': 'object',
  'note delete': 'object',
  'note sign': 'object',
  'note amend': 'object',
  'note missing': 'array',
  'report revenue': 'array',
  'report pnl': 'array',
  'report clients': 'array',
  'report visits': 'array',
  'report receivables': 'array',
  // The reminders it sent (none here): a list.
  'remind': 'array',
  'pay add': 'object',
  'pay list': 'array',
  'pay refund': 'object',
  'pay void': 'object',
  'balance': 'array',
  // One sale: the package and its payment.
  'package sell': 'object',
  'package list': 'array',
  'invoice create': 'object',
  'invoice list': 'array',
  'invoice show': 'object',
  'invoice credit': 'object',
  // What was written: the file, its number, its size.
  'invoice pdf': 'object',
  'receipt': 'object',
  // A count per table of the file: a list.
  'import': 'array',
};

/** The paths of every command in the tree with a --json flag, each lazily loaded noun built in full. */
async function commandsWithJson(): Promise<string[]> {
  const stream = () => new PassThrough();
  const ctx = createContext({ io: { stdin: stream(), stdout: stream(), stderr: stream() }, env: {}, now: () => new Date(), self: { execPath: process.execPath, script: 'practice' } });
  const root = await buildProgram(ctx, []);
  const found: string[] = [];
  const walk = (command: Command, path: string[]) => {
    if (command.options.some((option) => option.long === '--json')) found.push(path.join(' '));
    for (const sub of command.commands) walk(sub, [...path, sub.name()]);
  };
  for (const noun of root.commands) {
    const built = (await buildProgram(ctx, [noun.name()])).commands.find((command) => command.name() === noun.name())!;
    walk(built, [noun.name()]);
  }
  return found.sort();
}

it('knows the shape of every command that takes --json', async () => {
  expect(await commandsWithJson()).toEqual(Object.keys(SHAPES).sort());
});

/** `practice <args>`, expecting success; its stdout. */
async function ok(args: string[]): Promise<string> {
  const result = await home.run(args);
  expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
  return result.stdout;
}

const shapeOf = (value: unknown) => (Array.isArray(value) ? 'array' : typeof value === 'object' && value !== null ? 'object' : typeof value);

const ids: Record<string, string> = {};

beforeAll(async () => {
  const created = async (name: string, args: string[]) => (ids[name] = (await ok(args)).trim());
  await created('ann', ['client', 'add', '--name', 'Shape Ann', '--email', 'shape.ann@example.com']);
  await created('bo', ['client', 'add', '--name', 'Shape Bo']);
  await created('cy', ['client', 'add', '--name', 'Shape Cy']);
  await created('massage', ['service', 'add', '--name', 'Shape 60', '--duration', '60', '--price', '80']);
  await created('retired', ['service', 'add', '--name', 'Shape old', '--duration', '30', '--price', '40']);
  await created('unused', ['service', 'add', '--name', 'Shape unused', '--duration', '30', '--price', '40']);
  for (const [name, start] of [['visit', '9'], ['cancelled', '11'], ['missed', '13'], ['doomed', '15']] as const) {
    await created(name, ['appt', 'add', '--client', 'Shape Ann', '--date', DAY, '--start', start, '--service', 'Shape 60']);
  }
  await created('note', ['note', 'add', '--client', 'Shape Ann', '-S', 'Sore shoulder']);
  await created('draft', ['note', 'add', '--client', 'Shape Ann', '-S', 'Draft']);
  await created('signed', ['note', 'add', '--client', 'Shape Ann', '-S', 'To amend']);
  await ok(['note', 'sign', ids.signed!]);
  await created('expense', ['expense', 'add', '--amount', '12.50', '--category', 'supplies', '--date', DAY]);
  await created('refund', ['expense', 'add', '--amount', '3', '--category', 'fees', '--date', DAY]);
  await ok(['msg', 'add', '--client', 'Shape Ann', '--role', 'client', '--message', 'See you']);
  await ok(['hours', 'set', 'monday', '09:00-17:00']);
  await created('payment', ['pay', 'add', '--client', 'Shape Ann', '--amount', '50', '--method', 'cash']);
  await created('mistake', ['pay', 'add', '--client', 'Shape Ann', '--amount', '20', '--method', 'card']);
  // Requests from the booking page, of a client of their own.
  await created('eve', ['client', 'add', '--name', 'Shape Eve']);
  for (const name of ['asked', 'turned-down'] as const) {
    ids[name] = (await createWithApi(home, 'appointments', {
      client_id: ids.eve!, date: plusDays(DAY, 2), start_time: name === 'asked' ? '09:00' : '11:00', end_time: name === 'asked' ? '10:00' : '12:00', status: 'requested',
    })).id;
  }
  await writeFile(join(home.dir, 'backup.json'), await ok(['export']));
});

// In order: the writes come after the reads of the same records, deletes last.
const RUNS: Array<[string, () => string[]]> = [
  ['auth status', () => ['auth', 'status']],
  ['profile list', () => ['profile', 'list']],
  ['audit list', () => ['audit', '--client', 'Shape Ann']],
  ['audit verify', () => ['audit', 'verify']],
  ['settings show', () => ['settings']],
  ['settings set', () => ['settings', 'set', 'tax_id', 'DE123456789']],
  ['client export', () => ['client', 'export', 'Shape Ann', '--output', join(home.dir, 'shape-ann-record')]],
  ['appt list', () => ['appt', 'list', '--date', DAY]],
  ['appt today', () => ['appt', 'today']],
  ['appt week', () => ['appt', 'week', DAY]],
  ['appt show', () => ['appt', 'show', ids.visit!.slice(0, 8)]],
  ['appt slots', () => ['appt', 'slots', '--date', plusDays(DAY, 6), '--service', 'Shape 60']],
  // The hours are Mondays only by now and the day is still to come, so the booking verbs need --yes.
  ['appt add', () => ['appt', 'add', '--client', 'Shape Bo', '--date', plusDays(DAY, 1), '--start', '9', '--end', '10', '--yes']],
  ['appt update', () => ['appt', 'update', ids.visit!, '--notes', 'Oil']],
  ['appt reschedule', () => ['appt', 'reschedule', ids.visit!, '--start', '10', '--yes']],
  ['appt confirm', () => ['appt', 'confirm', ids.visit!]],
  ['appt complete', () => ['appt', 'complete', ids.visit!, '--yes']],
  ['appt cancel', () => ['appt', 'cancel', ids.cancelled!]],
  ['appt no-show', () => ['appt', 'no-show', ids.missed!, '--yes']],
  ['appt delete', () => ['appt', 'delete', ids.doomed!, '--yes']],
  // The visit completed above, before a package sold below would cover it.
  ['invoice create', () => ['invoice', 'create', '--client', 'Shape Ann', '--month', DAY.slice(0, 7)]],
  ['invoice list', () => ['invoice', 'list']],
  ['invoice show', () => ['invoice', 'show', `INV-${new Date().getFullYear()}-0001`]],
  ['invoice pdf', () => ['invoice', 'pdf', `INV-${new Date().getFullYear()}-0001`, '--output', join(home.dir, 'invoice.pdf')]],
  ['invoice credit', () => ['invoice', 'credit', `INV-${new Date().getFullYear()}-0001`]],
  ['receipt', () => ['receipt', ids.payment!, '--output', join(home.dir, 'receipt.pdf')]],
  ['service list', () => ['service', 'list']],
  ['service add', () => ['service', 'add', '--name', 'Shape 90', '--duration', '90', '--price', '110']],
  ['service update', () => ['service', 'update', 'Shape 60', '--price', '85']],
  ['service retire', () => ['service', 'retire', 'Shape old', '--yes']],
  ['service delete', () => ['service', 'delete', 'Shape unused', '--yes']],
  ['hours show', () => ['hours', 'show']],
  ['hours set', () => ['hours', 'set', 'tuesday', '09:00-12:00']],
  ['hours close', () => ['hours', 'close', '2032-01-05', '--reason', 'training']],
  ['hours closures', () => ['hours', 'closures']],
  ['hours reopen', () => ['hours', 'reopen', '2032-01-05']],
  ['appt unresolved', () => ['appt', 'unresolved', '--before', '2000-01-01']],
  ['appt requests', () => ['appt', 'requests']],
  ['appt accept', () => ['appt', 'accept', ids.asked!]],
  ['appt decline', () => ['appt', 'decline', ids['turned-down']!, '--reason', 'Away']],
  ['booking enable', () => ['booking', 'enable', '--slug', `shape-${process.pid}`]],
  ['booking show', () => ['booking', 'show']],
  ['booking consent', () => ['booking', 'consent', '--text', 'I agree.']],
  ['booking page', () => ['booking', 'page', '--output', join(home.dir, 'book.html')]],
  ['calendar feed', () => ['calendar', 'feed']],
  ['booking questions add', () => ['booking', 'questions', 'add', '--id', 'injuries', '--label', 'Any injuries?']],
  ['booking questions list', () => ['booking', 'questions', 'list']],
  ['booking questions remove', () => ['booking', 'questions', 'remove', 'injuries']],
  ['booking disable', () => ['booking', 'disable']],
  ['expense list', () => ['expense', 'list']],
  ['expense add', () => ['expense', 'add', '--amount', '5', '--category', 'fees']],
  ['expense update', () => ['expense', 'update', ids.expense!, '--vendor', 'Linen Co']],
  ['expense delete', () => ['expense', 'delete', ids.refund!, '--yes']],
  ['msg list', () => ['msg', 'list', '--client', 'Shape Ann']],
  ['msg add', () => ['msg', 'add', '--client', 'Shape Ann', '--role', 'therapist', '--message', 'Thanks']],
  ['pay list', () => ['pay', 'list']],
  ['pay add', () => ['pay', 'add', '--client', 'Shape Ann', '--amount', '80', '--method', 'card']],
  ['pay refund', () => ['pay', 'refund', ids.payment!, '--amount', '10']],
  ['pay void', () => ['pay', 'void', ids.mistake!]],
  ['balance', () => ['balance', '--all']],
  ['package sell', () => ['package', 'sell', '--client', 'Shape Ann', '--service', 'Shape 60', '--visits', '5', '--price', '400']],
  ['package list', () => ['package', 'list']],
  ['client list', () => ['client', 'list']],
  ['client search', () => ['client', 'search', 'shape']],
  ['client show', () => ['client', 'show', 'Shape Ann']],
  ['client add', () => ['client', 'add', '--name', 'Shape Di']],
  ['client update', () => ['client', 'update', 'Shape Ann', '--phone', '555-0100']],
  ['client archive', () => ['client', 'archive', 'Shape Bo', '--yes']],
  ['client delete', () => ['client', 'delete', 'Shape Cy', '--yes']],
  ['client erase', () => ['client', 'erase', 'Shape Di', '--yes']],
  ['retention purge', () => ['retention', 'purge']],
  ['note list', () => ['note', 'list', '--client', 'Shape Ann']],
  ['note show', () => ['note', 'show', ids.note!]],
  ['note add', () => ['note', 'add', '--client', 'Shape Ann', '-P', 'Stretch']],
  ['note update', () => ['note', 'update', ids.note!, '-O', 'Tight']],
  ['note sign', () => ['note', 'sign', ids.note!]],
  ['note amend', () => ['note', 'amend', ids.signed!, '-P', 'Heat']],
  ['note delete', () => ['note', 'delete', ids.draft!, '--yes']],
  // Nothing is due after the appointments here, so it exits 0 (1 means notes are missing).
  ['note missing', () => ['note', 'missing', '--since', plusDays(DAY, 60)]],
  ['report revenue', () => ['report', 'revenue', '--month', DAY.slice(0, 7)]],
  ['report pnl', () => ['report', 'pnl', '--year', DAY.slice(0, 4)]],
  ['report clients', () => ['report', 'clients', '--month', DAY.slice(0, 7)]],
  ['report visits', () => ['report', 'visits', '--year', DAY.slice(0, 4)]],
  ['report receivables', () => ['report', 'receivables']],
  ['remind', () => ['remind', '--within', '1h', '--dry-run']],
  ['import', () => ['import', join(home.dir, 'backup.json'), '--dry-run']],
  ['server schema', () => ['server', 'schema', '--output', join(home.dir, 'supabase', 'migrations')]],
];

describe('--json prints one object for one record, an array for a list', () => {
  it('runs every command in SHAPES (server status apart, below)', () => {
    expect(RUNS.map(([path]) => path).sort()).toEqual(Object.keys(SHAPES).filter((path) => !['server status', 'auth password'].includes(path)).sort());
  });

  it.each(RUNS)('%s', async (path, args) => {
    const printed = JSON.parse(await ok([...args(), '--json']));
    expect(shapeOf(printed), path).toBe(SHAPES[path]);
  });

  it('server status', async () => {
    const result = await home.run(['server', 'status', '--json', '--data-dir', join(home.dir, 'no-server')]);
    const printed = JSON.parse(result.stdout);
    expect(printed).toMatchObject({ running: false });
    expect(shapeOf(printed)).toBe(SHAPES['server status']);
  });

  it('auth password (reads the new password from stdin; this session stays signed in)', async () => {
    const result = await home.run(['auth', 'password', '--password-stdin', '--json'], { input: 'shape-test new password\n' });
    expect(result.code, result.stderr).toBe(0);
    expect(shapeOf(JSON.parse(result.stdout))).toBe(SHAPES['auth password']);
  });
});

describe('one record with --json a,b, --format ndjson and --format csv', () => {
  it('show commands print only the fields named, as one object', async () => {
    expect(JSON.parse(await ok(['note', 'show', ids.note!, '--json', 'id,subjective']))).toEqual({ id: ids.note, subjective: 'Sore shoulder' });
    expect(JSON.parse(await ok(['appt', 'show', ids.visit!, '--json', 'id,status']))).toEqual({ id: ids.visit, status: 'completed' });
    expect(JSON.parse(await ok(['client', 'show', 'Shape Ann', '--json', 'name,email']))).toEqual({ name: 'Shape Ann', email: 'shape.ann@example.com' });
  });

  it("client show keeps the client's own notes field, and the related records under their own keys", async () => {
    await ok(['client', 'update', 'Shape Ann', '--notes', 'Prefers mornings']);
    const client = JSON.parse(await ok(['client', 'show', 'Shape Ann', '--json']));
    expect(client).toMatchObject({ id: ids.ann, notes: 'Prefers mornings' });
    expect(client.last_visits.map((appointment: { client_id: string }) => appointment.client_id)).toContain(ids.ann);
    expect(client.upcoming).toEqual([]);
    expect(client.session_notes.map((note: { id: string }) => note.id)).toContain(ids.signed);
    const picked = JSON.parse(await ok(['client', 'show', 'Shape Ann', '--json', 'notes,session_notes']));
    expect(Object.keys(picked)).toEqual(['notes', 'session_notes']);
  });

  it('a write prints one NDJSON line, or a CSV header and one row', async () => {
    const ndjson = await ok(['expense', 'update', ids.expense!, '--vendor', 'Towel Co', '--format', 'ndjson']);
    expect(ndjson.endsWith('\n') && ndjson.trimEnd().split('\n')).toHaveLength(1);
    expect(JSON.parse(ndjson)).toMatchObject({ id: ids.expense, vendor: 'Towel Co' });
    const csv = await ok(['client', 'update', 'Shape Ann', '--phone', '555-0199', '--format', 'csv', '--json', 'id,phone']);
    expect(csv).toBe(`id,phone\r\n${ids.ann},555-0199\r\n`);
    const shown = await ok(['appt', 'show', ids.visit!, '--format', 'csv']);
    expect(shown).toMatch(new RegExp(`^id,date,start_time,end_time,client_name,status,notes\r\n${ids.visit},${DAY},10:00,11:00,Shape Ann,completed,Oil\r\n$`));
  });
});
