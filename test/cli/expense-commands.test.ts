// `practice expense add/list/update/delete` end to end: the exact query strings of list and its
// filters, the total on stderr (never in the data), categories lower-cased, expenses named by id
// prefix, bad input refused before sending (exit 2).
import { describe, expect, it } from 'vitest';
import { signedInCli } from '../helpers/signed-in-cli.js';

const { server, home, me } = await signedInCli({ recordRequests: true });

const expenseRequests = () => server.received.filter((request) => request.url.startsWith('/rest/v1/expenses'));

/** The expense with this id as the service holds it (a recorded request too: read back after checking what was sent). */
async function stored(id: string): Promise<Record<string, unknown> | undefined> {
  return JSON.parse((await home.run(['api', 'GET', 'expenses', '-q', `id=eq.${id}`])).stdout)[0];
}

/** `practice expense <args>` refused as bad input: exit 2, `message` on stderr, nothing on stdout. */
async function expectRefused(args: readonly string[], message: string): Promise<void> {
  const result = await home.run(['expense', ...args]);
  expect(result.code, args.join(' ')).toBe(2);
  expect(result.stderr, args.join(' ')).toContain(message);
  expect(result.stdout).toBe('');
}

async function add(...args: string[]) {
  const result = await home.run(['expense', 'add', ...args, '--json']);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

describe('practice expense', () => {
  it('logs expenses, the category in lower case, the date today in the practice time zone by default', async () => {
    const oil = await add('--date', '2026-03-02', '--amount', '42.50', '--category', 'Supplies', '--vendor', 'Oil & Co', '--description', 'Massage oil, 5 l');
    expect(oil).toMatchObject({ date: '2026-03-02', amount: 42.5, category: 'supplies', vendor: 'Oil & Co', description: 'Massage oil, 5 l', therapist_id: me });
    expect(oil.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(expenseRequests()).toEqual([{ method: 'POST', url: '/rest/v1/expenses' }]);

    const rent = await add('--amount', '900', '--category', 'rent');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
    expect(rent).toMatchObject({ date: today, amount: 900, category: 'rent', vendor: null });
    await add('--date', '2026-01-15', '--amount', '12', '--category', 'laundry');

    const plain = await home.run(['expense', 'add', '--date', '2026-02-01', '--amount', '7.5', '--category', 'fees']);
    expect(plain.code).toBe(0);
    expect(plain.stderr).toBe('✓ Logged 7.50 for fees on 2026-02-01.\n');
    expect(plain.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
    expect(await stored(plain.stdout.trim())).toMatchObject({ date: '2026-02-01', amount: 7.5, category: 'fees' });
  });

  it('lists newest first with the total on stderr', async () => {
    const result = await home.run(['expense', 'list']);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n').filter(Boolean).map((line) => line.split('\t').slice(1, 4).join(' '))).toEqual([
      expect.stringMatching(/ 900.00 rent$/),
      '2026-03-02 42.50 supplies',
      '2026-02-01 7.50 fees',
      '2026-01-15 12.00 laundry',
    ]);
    expect(result.stderr).toBe('Total 962.00 over 4 expenses.\n');
    expect(expenseRequests()).toEqual([{ method: 'GET', url: `/rest/v1/expenses?therapist_id=eq.${me}&order=date.desc,id.asc` }]);
  });

  it('filters by --from/--to and --category, and keeps the total out of JSON and CSV', async () => {
    const result = await home.run(['expense', 'list', '--from', '2026-01-20', '--to', '2026-03-02', '--json']);
    expect(JSON.parse(result.stdout).map((expense: { amount: number }) => expense.amount)).toEqual([42.5, 7.5]);
    expect(result.stderr).toBe('Total 50.00 over 2 expenses.\n');
    expect(expenseRequests()[0]!.url).toBe(`/rest/v1/expenses?therapist_id=eq.${me}&order=date.desc,id.asc&date=gte.2026-01-20&date=lte.2026-03-02`);

    server.received.length = 0;
    const csv = await home.run(['expense', 'list', '--category', 'Supplies', '--format', 'csv']);
    expect(csv.stdout).toMatch(/^id,date,amount,category,vendor,description\r\n[0-9a-f-]{36},2026-03-02,42.50,supplies,Oil & Co,"Massage oil, 5 l"\r\n$/);
    expect(csv.stderr).toBe('Total 42.50 over 1 expense.\n');
    expect(expenseRequests()[0]!.url).toBe(`/rest/v1/expenses?therapist_id=eq.${me}&order=date.desc,id.asc&category=eq.supplies`);
  });

  it('totals the amounts when --json names other fields, and prints only those', async () => {
    const result = await home.run(['expense', 'list', '--category', 'laundry', '--json', 'date,vendor']);
    expect(JSON.parse(result.stdout)).toEqual([{ date: '2026-01-15', vendor: null }]);
    expect(result.stderr).toBe('Total 12.00 over 1 expense.\n');
    expect(expenseRequests()[0]!.url).toContain('&select=date,vendor,amount');
  });

  it('refuses bad input naming the flag, before sending anything (exit 2)', async () => {
    for (const [args, message] of [
      [['add', '--amount', '0', '--category', 'rent'], '--amount: expected an amount like 45, 45.5 or 45.50, greater than 0'],
      [['add', '--amount', '-3', '--category', 'rent'], '--amount: expected an amount'],
      [['add', '--amount', '1,000', '--category', 'rent'], "--amount: expected an amount like 45, 45.5 or 45.50; got '1,000'"],
      [['add', '--amount', '10', '--category', ' '], '--category: must not be empty'],
      [['add', '--amount', '10', '--category', 'rent', '--date', '2026-02-30'], '--date: 2026-02-30 is not a day in the calendar'],
      [['add', '--amount', '10', '--category', 'rent', '--date', 'someday'], '--date: expected a date like 2026-11-23'],
      [['add', '--category', 'rent'], "required option '--amount <amount>' not specified"],
      [['list', '--from', 'soon'], '--from: expected a date'],
      [['list', '--from', '2026-03-01', '--to', '2026-02-01'], '--from 2026-03-01 is after --to 2026-02-01.'],
      [['list', '--limit', 'ten'], '--limit: expected a whole number'],
    ] as const) await expectRefused(args, message);
    expect(expenseRequests()).toEqual([]);
  });
});

describe('practice expense update and delete', () => {
  it('lists the short id that update and delete take', async () => {
    const id = (await home.run(['expense', 'add', '--date', '2026-04-01', '--amount', '30', '--category', 'supplies'])).stdout.trim();
    const listed = await home.run(['expense', 'list', '--from', '2026-04-01', '--to', '2026-04-01']);
    expect(listed.stdout).toBe(`${id.slice(0, 8)}\t2026-04-01\t30.00\tsupplies\t\t\n`);
  });

  it('changes the fields given of an expense named by id prefix', async () => {
    const id = (await home.run(['expense', 'add', '--date', '2026-04-02', '--amount', '12', '--category', 'laundry'])).stdout.trim();
    server.received.length = 0;
    const result = await home.run(['expense', 'update', id.slice(0, 8), '--amount', '45.5', '--category', 'Equipment', '--vendor', 'Tools Inc', '--date', '2026-04-03']);
    expect(result).toEqual({ code: 0, stdout: '', stderr: `✓ Updated expense ${id.slice(0, 8)}: 45.50 for equipment on 2026-04-03.\n` });
    expect(expenseRequests().at(-1)).toEqual({ method: 'PATCH', url: `/rest/v1/expenses?id=eq.${id}` });
    expect(await stored(id)).toMatchObject({ date: '2026-04-03', amount: 45.5, category: 'equipment', vendor: 'Tools Inc', description: null });

    const json = await home.run(['expense', 'update', id, '--description', 'Hot towel cabinet', '--json', 'amount,description']);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({ amount: 45.5, description: 'Hot towel cabinet' });

    const cleared = await home.run(['expense', 'update', id, '--clear-description', '--clear-vendor']);
    expect(cleared.code, cleared.stderr).toBe(0);
    expect(await stored(id)).toMatchObject({ amount: 45.5, description: null, vendor: null });
  });

  it('refuses bad input naming the flag or the id, before sending anything (exit 2)', async () => {
    const id = (await home.run(['expense', 'add', '--amount', '5', '--category', 'fees'])).stdout.trim();
    server.received.length = 0;
    for (const [args, message] of [
      [['update', id], 'nothing to update: name at least one field'],
      [['update', id, '--amount', '0'], '--amount: expected an amount like 45, 45.5 or 45.50, greater than 0'],
      [['update', id, '--date', 'someday'], '--date: expected a date like 2026-11-23'],
      [['update', id, '--category', ' '], '--category: must not be empty'],
      [['update', id, '--vendor', 'X', '--clear-vendor'], '--clear-vendor: not with --vendor'],
      [['update', id, '--description', 'X', '--clear-description'], '--clear-description: not with --description'],
      [['update', 'zz', '--amount', '1'], 'expense: expected an expense id'],
      [['delete', 'zz', '--yes'], 'expense: expected an expense id'],
      [['delete', id], 'Deleting an expense needs confirmation, which cannot be asked without a terminal.'],
    ] as const) await expectRefused(args, message);
    expect(expenseRequests()).toEqual([]);
    expect(await stored(id)).toMatchObject({ amount: 5 });
  });

  it('says when no expense has the id prefix given (not found, exit 1)', async () => {
    const result = await home.run(['expense', 'update', 'ffffffff', '--amount', '1']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('expense: no expense has an id starting with ffffffff');
    expect(expenseRequests().map((request) => request.method)).toEqual(['GET']);
  });

  it('deletes an expense with --yes', async () => {
    const id = (await home.run(['expense', 'add', '--date', '2026-04-05', '--amount', '9.99', '--category', 'software'])).stdout.trim();
    server.received.length = 0;
    const result = await home.run(['expense', 'delete', id.slice(0, 6), '--yes']);
    expect(result).toEqual({ code: 0, stdout: '', stderr: `✓ Deleted expense ${id.slice(0, 8)}: 9.99 for software on 2026-04-05.\n` });
    expect(expenseRequests().at(-1)).toEqual({ method: 'DELETE', url: `/rest/v1/expenses?id=eq.${id}` });
    expect(await stored(id)).toBeUndefined();

    const again = await home.run(['expense', 'delete', id, '--yes']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`Expense ${id.slice(0, 8)} was not found.`);
  });
});
