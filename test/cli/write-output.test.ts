// What every write command prints (README "Output for people and for scripts"): a create prints the
// new id on stdout and one success line on stderr, or the created row with --json/--format; updates,
// deletes and status changes print only the success line, plus the row with --json/--format. A write
// about one record prints one JSON object; `hours set`, which leaves any number of rows, an array.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInCli } from '../helpers/signed-in-cli.js';

const { home } = await signedInCli();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The row of `table` with this id, read back through the service. */
async function stored(table: string, id: string): Promise<Record<string, unknown> | undefined> {
  const result = await home.run(['api', 'GET', table, '-q', `id=eq.${id}`]);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout)[0];
}

/** One line on stderr: the success message, and nothing else. */
const successLine = (stderr: string) => expect(stderr).toMatch(/^✓ [^\n]+\n$/);

// In order: later creates name the client and the appointment made by earlier ones.
const CREATES: Array<[string, string, string[]]> = [
  ['client add', 'clients', ['client', 'add', '--name', 'Cora Diaz', '--phone', '555-0101']],
  ['service add', 'service_menu', ['service', 'add', '--name', 'Hot stone 45', '--duration', '45', '--price', '70']],
  // A past day, recorded as held: a booking in the past would be asked about (and warned of).
  ['appt add', 'appointments', ['appt', 'add', '--client', 'Cora Diaz', '--date', '2026-11-23', '--start', '9', '--service', 'Hot stone 45', '--status', 'completed']],
  ['note add', 'sessions', ['note', 'add', '--client', 'Cora Diaz', '-S', 'Stiff neck']],
  ['expense add', 'expenses', ['expense', 'add', '--amount', '19.90', '--category', 'linens']],
  ['msg add', 'conversation_log', ['msg', 'add', '--client', 'Cora Diaz', '--role', 'client', '--message', 'Thanks!']],
];

describe('a create', () => {
  it.each(CREATES)('%s prints the new id on stdout and one success line on stderr', async (_, table, args) => {
    const result = await home.run(args);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
    const id = result.stdout.trim();
    expect(id).toMatch(UUID);
    successLine(result.stderr);
    expect(await stored(table, id)).toMatchObject({ id });
  });

  it.each(CREATES)('%s prints the created row instead with --json, as one object', async (_, table, args) => {
    // Names that must stay unique get a second spelling; the appointment moves to a free hour.
    const again = args.map((arg, i) => (args[i - 1] === '--name' ? `${arg} (2)` : args[i - 1] === '--start' ? '11' : arg));
    const result = await home.run([...again, '--json']);
    expect(result.code, result.stderr).toBe(0);
    const row = JSON.parse(result.stdout);
    expect(row).toEqual(await stored(table, row.id));
    successLine(result.stderr);
  });

  it('prints the created row as CSV with --format csv', async () => {
    const result = await home.run(['expense', 'add', '--amount', '3', '--category', 'fees', '--date', '2026-01-02', '--format', 'csv']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^id,date,amount,category,vendor,description\r\n[0-9a-f-]{36},2026-01-02,3.00,fees,,\r\n$/);
    expect(result.stderr).toBe('✓ Logged 3.00 for fees on 2026-01-02.\n');
  });

  it('note amend prints the id of the amendment', async () => {
    const note = (await home.run(['note', 'add', '--client', 'Cora Diaz', '-P', 'Heat'])).stdout.trim();
    expect((await home.run(['note', 'sign', note])).code).toBe(0);
    const result = await home.run(['note', 'amend', note, '-P', 'Heat, twice a day']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe(`✓ Wrote amendment ${result.stdout.slice(0, 8)} of note ${note.slice(0, 8)}.\n`);
    expect(await stored('sessions', result.stdout.trim())).toMatchObject({ amends_id: note, plan: 'Heat, twice a day' });
  });
});

describe('an update or status change', () => {
  // `<id>` stands for the short id of the table's first row; the second command runs with --json.
  it.each([
    ['service update', 'service_menu', ['service', 'update', '<id>', '--price', '75'], ['service', 'update', '<id>', '--buffer', '5']],
    ['appt confirm, complete', 'appointments', ['appt', 'confirm', '<id>', '--yes'], ['appt', 'complete', '<id>']],
    ['appt update', 'appointments', ['appt', 'update', '<id>', '--notes', 'Bring stones'], ['appt', 'update', '<id>', '--clear-notes']],
    ['expense update', 'expenses', ['expense', 'update', '<id>', '--vendor', 'Linen Co'], ['expense', 'update', '<id>', '--amount', '20']],
    ['note update', 'sessions', ['note', 'update', '<id>', '-O', 'Tender C5'], ['note', 'update', '<id>', '-A', 'Muscular']],
  ])('%s prints only the success line, and the row with --json', async (_, table, args, jsonArgs) => {
    const [first] = JSON.parse((await home.run(['api', 'GET', table, '-q', 'select=id', '-q', 'order=created_at.asc', '-q', 'limit=1'])).stdout);
    const named = (words: string[]) => words.map((word) => (word === '<id>' ? first.id.slice(0, 8) : word));
    const plain = await home.run(named(args));
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout).toBe('');
    successLine(plain.stderr);

    const json = await home.run([...named(jsonArgs), '--json']);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual(await stored(table, first.id));
    successLine(json.stderr);
  });
});

/** `n` fresh ids, chosen here so the rows can be inserted in one request and named by the tests. */
const newIds = (n: number) => Array.from({ length: n }, () => randomUUID());

/** Rows inserted in one request through `practice api` (PostgREST wants the same keys in every row). */
async function insert(table: string, rows: object[]): Promise<void> {
  const result = await home.run(['api', 'POST', table, '--input', '-'], { input: JSON.stringify(rows) });
  expect(result.code, result.stderr).toBe(0);
}

describe('a delete, archive, retire, sign or client update', () => {
  // Three records a verb: one for each run (plain, --json, --json id,<field>), since a delete uses its record up.
  const owner = randomUUID();
  const ids = {
    apptDelete: newIds(3), clientArchive: newIds(3), clientDelete: newIds(3), clientUpdate: newIds(3), expenseDelete: newIds(3),
    noteDelete: newIds(3), noteSign: newIds(3), serviceDelete: newIds(3), serviceRetire: newIds(3),
  };

  beforeAll(async () => {
    await insert('clients', [
      { id: owner, name: 'Dee Fixture', phone: null },
      ...ids.clientArchive.map((id, i) => ({ id, name: `Archive Me ${i}`, phone: null })),
      ...ids.clientDelete.map((id, i) => ({ id, name: `Delete Me ${i}`, phone: '555-0123' })),
      ...ids.clientUpdate.map((id, i) => ({ id, name: `Update Me ${i}`, phone: '555-0100' })),
    ]);
    await insert('service_menu', [
      ...ids.serviceDelete.map((id, i) => ({ id, name: `Typo ${i}`, duration: 30, price: 40 })),
      ...ids.serviceRetire.map((id, i) => ({ id, name: `Old stone ${i}`, duration: 45, price: 70 })),
    ]);
    await insert('expenses', ids.expenseDelete.map((id) => ({ id, date: '2026-02-03', amount: 12.5, category: 'postage' })));
    await insert('sessions', [
      ...ids.noteDelete.map((id) => ({ id, client_id: owner, subjective: 'Draft to drop' })),
      ...ids.noteSign.map((id) => ({ id, client_id: owner, subjective: 'Ready to sign' })),
    ]);
    await insert('appointments', ids.apptDelete.map((id, i) => ({ id, client_id: owner, date: '2026-12-01', start_time: `1${i}:00`, end_time: `1${i}:30` })));
  });

  interface Change {
    table: string;
    ids: string[];
    /** The command, for the record with this short id. */
    args: (id: string) => string[];
    /** A delete prints the row as it was; the others the row as stored after the change. */
    deletes: boolean;
    /** A field of the printed row, and the value it must hold: the one changed, or the deleted record's. */
    field: string;
    value: unknown;
  }

  const CHANGES: Array<[string, Change]> = [
    ['appt delete', { table: 'appointments', ids: ids.apptDelete, args: (id) => ['appt', 'delete', id, '--yes'], deletes: true, field: 'client_name', value: 'Dee Fixture' }],
    ['client archive', { table: 'clients', ids: ids.clientArchive, args: (id) => ['client', 'archive', id, '--yes'], deletes: false, field: 'status', value: 'inactive' }],
    ['client delete', { table: 'clients', ids: ids.clientDelete, args: (id) => ['client', 'delete', id, '--yes'], deletes: true, field: 'phone', value: '555-0123' }],
    ['client update', { table: 'clients', ids: ids.clientUpdate, args: (id) => ['client', 'update', id, '--phone', '555-0199'], deletes: false, field: 'phone', value: '555-0199' }],
    ['expense delete', { table: 'expenses', ids: ids.expenseDelete, args: (id) => ['expense', 'delete', id, '--yes'], deletes: true, field: 'category', value: 'postage' }],
    ['note delete', { table: 'sessions', ids: ids.noteDelete, args: (id) => ['note', 'delete', id, '--yes'], deletes: true, field: 'subjective', value: 'Draft to drop' }],
    ['note sign', { table: 'sessions', ids: ids.noteSign, args: (id) => ['note', 'sign', id], deletes: false, field: 'signed_at', value: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d/) }],
    ['service delete', { table: 'service_menu', ids: ids.serviceDelete, args: (id) => ['service', 'delete', id, '--yes'], deletes: true, field: 'duration', value: 30 }],
    ['service retire', { table: 'service_menu', ids: ids.serviceRetire, args: (id) => ['service', 'retire', id, '--yes'], deletes: false, field: 'active', value: false }],
  ];

  it.each(CHANGES)('%s prints only the success line', async (_, change) => {
    const id = change.ids[0]!;
    const result = await home.run(change.args(id.slice(0, 8)));
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    successLine(result.stderr);
    if (change.deletes) expect(await stored(change.table, id)).toBeUndefined();
    else expect(await stored(change.table, id)).toMatchObject({ [change.field]: change.value });
  });

  it.each(CHANGES)('%s prints the row with --json: as it was for a delete, else as stored', async (_, change) => {
    const id = change.ids[1]!;
    const before = await stored(change.table, id);
    const result = await home.run([...change.args(id.slice(0, 8)), '--json']);
    expect(result.code, result.stderr).toBe(0);
    successLine(result.stderr);
    const row = JSON.parse(result.stdout);
    expect(row).toEqual(change.deletes ? before : await stored(change.table, id));
    expect(row).toMatchObject({ id, [change.field]: change.value });
    if (change.deletes) expect(await stored(change.table, id)).toBeUndefined();
  });

  it.each(CHANGES)('%s prints only the fields named with --json id,<field>', async (_, change) => {
    const id = change.ids[2]!;
    const result = await home.run([...change.args(id.slice(0, 8)), '--json', `id,${change.field}`]);
    expect(result.code, result.stderr).toBe(0);
    successLine(result.stderr);
    expect(JSON.parse(result.stdout)).toEqual({ id, [change.field]: change.value });
  });

  it('prints the deleted row as NDJSON with --format ndjson', async () => {
    const [id] = newIds(1);
    await insert('expenses', [{ id, date: '2026-02-04', amount: 7, category: 'fees' }]);
    const result = await home.run(['expense', 'delete', id!, '--yes', '--format', 'ndjson']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ id, date: '2026-02-04', category: 'fees' });
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(1);
  });
});

describe('hours set', () => {
  /** The day's business_hours rows, read back through the service. */
  async function dayRows(day: string): Promise<Array<Record<string, unknown>>> {
    const result = await home.run(['api', 'GET', 'business_hours', '-q', `day_of_week=eq.${day}`, '-q', 'order=open_time']);
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout);
  }

  it('prints only the success line', async () => {
    const result = await home.run(['hours', 'set', 'monday', '09:00-17:00']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('✓ Monday: 09:00-17:00.\n');
  });

  it("prints the day's rows with --json, one per interval, in the shape of `hours show`", async () => {
    const result = await home.run(['hours', 'set', 'tuesday', '13:00-17:00,9-12', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('✓ Tuesday: 09:00-12:00,13:00-17:00.\n');
    const rows = JSON.parse(result.stdout);
    expect(rows).toEqual((await dayRows('tuesday')).map(({ id, day_of_week, open_time, close_time }) => ({ id, day_of_week, open_time, close_time })));
    expect(rows).toMatchObject([
      { day_of_week: 'tuesday', open_time: '09:00', close_time: '12:00' },
      { day_of_week: 'tuesday', open_time: '13:00', close_time: '17:00' },
    ]);
    for (const row of rows) expect(row.id).toMatch(UUID);
  });

  it('prints only the fields named with --json id,<field>', async () => {
    const result = await home.run(['hours', 'set', 'wed', '10am-2pm', '--json', 'id,open_time']);
    expect(result.code, result.stderr).toBe(0);
    const [stored] = await dayRows('wednesday');
    expect(JSON.parse(result.stdout)).toEqual([{ id: stored!.id, open_time: '10:00' }]);
  });

  it('prints the listed columns with --format csv', async () => {
    const result = await home.run(['hours', 'set', 'thursday', '08:00-11:00', '--format', 'csv']);
    expect(result.code, result.stderr).toBe(0);
    const [stored] = await dayRows('thursday');
    expect(result.stdout).toBe(`id,day_of_week,open_time,close_time\r\n${stored!.id},thursday,08:00,11:00\r\n`);
    // The shape of `hours show`: one for the week's hours, whichever command prints it.
    const shown = await home.run(['hours', 'show', '--format', 'csv']);
    expect(shown.stdout).toContain(`\r\n${stored!.id},thursday,08:00,11:00\r\n`);
  });

  it('prints a day set closed as one row without id or times, as `hours show` does', async () => {
    expect((await home.run(['hours', 'set', 'monday', '09:00-17:00'])).code).toBe(0);
    expect((await dayRows('monday')).length).toBe(1);
    const result = await home.run(['hours', 'set', 'monday', 'closed', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('✓ Monday: closed.\n');
    expect(JSON.parse(result.stdout)).toEqual([{ id: null, day_of_week: 'monday', open_time: null, close_time: null }]);
    expect(await dayRows('monday')).toEqual([]);
  });
});
