// The money answers of migration 18 end to end: `report revenue|pnl --basis collected`, `report
// receivables`, the balance in `client show`, credit said as credit by `balance`, and `appt complete
// --paid`. One practice holds the ledger the reports read (worked out by hand below); a second, the
// desk where visits are completed with their payment, and neither sees the other's rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortId } from '../../src/model/short-id.js';
import { signedInHome } from '../helpers/cli.js';
import { createWithApi, signedInCli } from '../helpers/signed-in-cli.js';

const { server, home } = await signedInCli();
const desk = await signedInHome(server.url, server.keys.anonKey);
afterAll(() => desk.cleanup());

const tsv = (stdout: string) => stdout.trimEnd().split('\n').map((line) => line.split('\t'));

async function json(args: string[], who = home) {
  const result = await who.run([...args, '--json']);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

/*
 * The ledger (profile zone Europe/Berlin), Swedish 60 at 80.00:
 * - Ann: visits 2026-06-01, 2026-08-03, 2026-10-05; paid 80 for the first on 2026-06-01, 20 of it
 *   refunded on 2026-11-05. Paid 60 in all, owed 180: 20 of June's and August's 80 (over 90 days on
 *   2026-11-20), October's 80 (46 days).
 * - Bob: a visit 2026-11-10, unpaid (10 days).
 * - Cal: no visits; 100 paid at 2026-10-31 23:30 UTC, which is 1 November in Berlin; 50 paid on
 *   2026-10-15 and voided (never counted). In credit by 100.
 * - An expense of 12.50 on 2026-07-01.
 */
let ann: Record<string, any>;
beforeAll(async () => {
  ann = await createWithApi(home, 'clients', { name: 'Ann Lee' });
  const bob = await createWithApi(home, 'clients', { name: 'Bob Stone' });
  const cal = await createWithApi(home, 'clients', { name: 'Cal Weber' });
  const swedish = await createWithApi(home, 'service_menu', { name: 'Swedish 60', duration: 60, price: 80 });
  const visit = (client: Record<string, any>, date: string) =>
    createWithApi(home, 'appointments', { client_id: client.id, service_id: swedish.id, date, start_time: '10:00', end_time: '11:00', status: 'completed' });
  const june = await visit(ann, '2026-06-01');
  await visit(ann, '2026-08-03');
  await visit(ann, '2026-10-05');
  await visit(bob, '2026-11-10');
  const entry = (fields: Record<string, string | number>) => createWithApi(home, 'payments', fields);
  const paid = await entry({ client_id: ann.id, appointment_id: june.id, amount: 80, method: 'card', paid_at: '2026-06-01T10:00:00Z' });
  await entry({ kind: 'refund', reverses_id: paid.id, client_id: ann.id, amount: 20, method: 'card', paid_at: '2026-11-05T12:00:00Z' });
  await entry({ client_id: cal.id, amount: 100, method: 'transfer', paid_at: '2026-10-31T23:30:00Z' });
  const mistake = await entry({ client_id: cal.id, amount: 50, method: 'cash', paid_at: '2026-10-15T12:00:00Z' });
  const voided = await home.run(['pay', 'void', mistake.id]);
  expect(voided.code, voided.stderr).toBe(0);
  await createWithApi(home, 'expenses', { date: '2026-07-01', amount: 12.5, category: 'supplies' });
});

describe('report revenue --basis collected', () => {
  it('counts payments less refunds on the day paid in the practice\'s zone, every month listed, a void nowhere', async () => {
    const result = await home.run(['report', 'revenue', '--basis', 'collected', '--from', '2026-06-01', '--to', '2026-11-20', '--by', 'month']);
    expect(result.code, result.stderr).toBe(0);
    expect(tsv(result.stdout)).toEqual([
      ['2026-06', '1', '80.00', '0.00', '80.00'],
      ['2026-07', '0', '0.00', '0.00', '0.00'],
      ['2026-08', '0', '0.00', '0.00', '0.00'],
      ['2026-09', '0', '0.00', '0.00', '0.00'],
      ['2026-10', '0', '0.00', '0.00', '0.00'],
      ['2026-11', '1', '100.00', '20.00', '80.00'],
    ]);
    expect(result.stderr).toBe('Collected 160.00: 180.00 from 2 payments less 20.00 refunded (2026-06-01 to 2026-11-20).\n');
  });

  it('groups by the service of the visit paid for, a refund with the payment it reverses', async () => {
    expect(await json(['report', 'revenue', '--basis', 'collected', '--from', '2026-06-01', '--to', '2026-11-20', '--by', 'service'])).toEqual([
      { service: '(no service)', payments: 1, received: '100.00', refunded: '0.00', revenue: '100.00' },
      { service: 'Swedish 60', payments: 1, received: '80.00', refunded: '20.00', revenue: '60.00' },
    ]);
  });

  it('keeps billed as the default answer: completed visits at their price', async () => {
    const result = await home.run(['report', 'revenue', '--from', '2026-06-01', '--to', '2026-11-20', '--by', 'client', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([
      { client: 'Ann Lee', completed: 3, revenue: '240.00', cancelled: 0, no_show: 0, no_price: 0 },
      { client: 'Bob Stone', completed: 1, revenue: '80.00', cancelled: 0, no_show: 0, no_price: 0 },
    ]);
    const bad = await home.run(['report', 'revenue', '--basis', 'cash']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("argument 'cash' is invalid");
  });
});

describe('report pnl --basis', () => {
  it('states profit and loss on the cash basis, revenue as payments, and on the billed one as before', async () => {
    const period = ['--from', '2026-06-01', '--to', '2026-11-20', '--by', 'category'];
    const collected = await home.run(['report', 'pnl', ...period, '--basis', 'collected', '--json']);
    expect(collected.code, collected.stderr).toBe(0);
    expect(JSON.parse(collected.stdout)).toEqual([
      { kind: 'revenue', category: 'payments', amount: '160.00' },
      { kind: 'expense', category: 'supplies', amount: '12.50' },
      { kind: 'net', category: '', amount: '147.50' },
    ]);
    expect(collected.stderr).toBe('Total revenue collected 160.00, expenses 12.50, net 147.50 (2026-06-01 to 2026-11-20).\n');
    expect(await json(['report', 'pnl', ...period, '--basis', 'billed'])).toEqual([
      { kind: 'revenue', category: 'appointments', amount: '320.00' },
      { kind: 'expense', category: 'supplies', amount: '12.50' },
      { kind: 'net', category: '', amount: '307.50' },
    ]);
    const ledger = await home.run(['report', 'pnl', '--from', '2026-10-01', '--to', '2026-11-20', '--by', 'ledger', '--basis', 'collected', '--format', 'csv']);
    // Categories are those with expenses in the period (none in October and November).
    expect(ledger.stdout.split('\r\n')).toEqual(['month,category,revenue,expenses,net', '2026-10,payments,0.00,0.00,0.00', '2026-11,payments,80.00,0.00,80.00', '']);
  });
});

describe('report receivables', () => {
  it('ages what each client owes, payments settling the oldest charges first, the totals on stderr', async () => {
    const result = await home.run(['report', 'receivables', '--as-of', '2026-11-20']);
    expect(result.code, result.stderr).toBe(0);
    expect(tsv(result.stdout)).toEqual([
      ['Ann Lee', '0.00', '80.00', '0.00', '100.00', '180.00', '2026-06-01'],
      ['Bob Stone', '80.00', '0.00', '0.00', '0.00', '80.00', '2026-11-10'],
    ]);
    expect(result.stderr).toBe('2 clients owe 260.00 in all on 2026-11-20: 80.00 0-30 days, 80.00 31-60, 0.00 61-90, 100.00 over 90.\n');
    expect((await json(['report', 'receivables', '--as-of', '2026-11-20']))[0]).toEqual({
      client_id: ann.id, client_name: 'Ann Lee', days_0_30: '0.00', days_31_60: '80.00', days_61_90: '0.00', days_over_90: '100.00', owed: '180.00', oldest_unpaid: '2026-06-01',
    });
    // Before Bob's visit and with Ann's October visit 61-90 days old on a later day.
    expect(tsv((await home.run(['report', 'receivables', '--as-of', '2026-12-10'])).stdout)).toEqual([
      ['Ann Lee', '0.00', '0.00', '80.00', '100.00', '180.00', '2026-06-01'],
      ['Bob Stone', '80.00', '0.00', '0.00', '0.00', '80.00', '2026-11-10'],
    ]);
    const bad = await home.run(['report', 'receivables', '--as-of', 'someday']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--as-of');
  });
});

describe('balances at the desk', () => {
  it('client show says what a client owes, or has in credit, and --json carries it under balance', async () => {
    const shown = await home.run(['client', 'show', 'ann']);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('balance: billed 240.00, paid 60.00, owes 180.00 (unpaid since 2026-06-01)\n');
    expect((await json(['client', 'show', 'cal'])).balance).toMatchObject({ billed: 0, paid: 100, owed: -100, oldest_unpaid: null });
    expect((await home.run(['client', 'show', 'cal'])).stdout).toContain('balance: billed 0.00, paid 100.00, 100.00 in credit\n');
    const picked = await home.run(['client', 'show', 'ann', '--json', 'name,balance']);
    expect(JSON.parse(picked.stdout)).toEqual({ name: 'Ann Lee', balance: { billed: 240, paid: 60, owed: 180, oldest_unpaid: '2026-06-01', days_unpaid: expect.any(Number) } });
  });

  it('balance adds up what is owed and what is in credit apart', async () => {
    const result = await home.run(['balance']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('3 clients, 260.00 owed in all, 100.00 in credit.\n');
  });
});

describe('appt complete --paid', () => {
  let dee: Record<string, any>;
  let swedish: Record<string, any>;
  const booked = (date: string) =>
    createWithApi(desk, 'appointments', { client_id: dee.id, service_id: swedish.id, date, start_time: '10:00', end_time: '11:00' });
  const payments = async () => (await json(['pay', 'list', '--client', 'dee'], desk)) as Array<Record<string, any>>;

  beforeAll(async () => {
    dee = await createWithApi(desk, 'clients', { name: 'Dee Park' });
    swedish = await createWithApi(desk, 'service_menu', { name: 'Swedish 60', duration: 60, price: 80 });
  });

  it('completes the visit and records its price as paid by the method given, in one step', async () => {
    const visit = await booked('2026-11-02');
    const result = await desk.run(['appt', 'complete', visit.id.slice(0, 8), '--paid', 'card']);
    expect(result.code, result.stderr).toBe(0);
    const [payment] = await payments();
    expect(payment!).toMatchObject({ kind: 'payment', appointment_id: visit.id, amount: 80, method: 'card', client_name: 'Dee Park' });
    expect(result.stderr).toMatch(new RegExp(`^✓ Completed: .*\nPaid 80\.00 by card: payment ${payment!.id.slice(0, 8)}\.\n$`));
    expect(await json(['appt', 'show', visit.id], desk)).toMatchObject({ status: 'completed' });
    expect(await json(['balance', '--client', 'dee'], desk)).toMatchObject([{ billed: 80, paid: 80, owed: 0 }]);
  });

  it('records only what is left when part was paid ahead', async () => {
    const visit = await booked('2026-11-03');
    expect((await desk.run(['pay', 'add', '--client', 'dee', '--amount', '30', '--method', 'cash', '--appointment', visit.id])).code).toBe(0);
    const result = await desk.run(['appt', 'complete', visit.id, '--paid', 'card']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/Paid 50\.00 by card \(30\.00 was paid before\): payment [0-9a-f]{8}\.\n$/);
    expect((await payments()).filter((entry) => entry.appointment_id === visit.id).map((entry) => entry.amount).sort()).toEqual([30, 50]);
  });

  it('records nothing when a package covers the visit, and says so', async () => {
    const sold = await desk.run(['package', 'sell', '--client', 'dee', '--service', 'swedish', '--visits', '2', '--price', '150', '--date', '2026-11-04']);
    expect(sold.code, sold.stderr).toBe(0);
    const before = (await payments()).length;
    const visit = await booked('2026-11-04');
    const result = await desk.run(['appt', 'complete', visit.id, '--paid', 'cash', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ id: visit.id, status: 'completed' });
    expect(result.stderr).toMatch(/\nCovered by package [0-9a-f]{8}: no payment needed\.\n$/);
    expect((await payments()).length).toBe(before);
  });

  it('refuses what it cannot do whole, changing nothing', async () => {
    const visit = await booked('2026-10-26');
    const other = await booked('2026-10-27');
    const count = (await payments()).length;
    const several = await desk.run(['appt', 'complete', visit.id, other.id, '--paid', 'card']);
    expect(several.code).toBe(2);
    expect(several.stderr).toContain('--paid: takes one appointment.');
    const method = await desk.run(['appt', 'complete', visit.id, '--paid', 'bitcoin']);
    expect(method.code).toBe(2);
    expect(method.stderr).toContain("argument 'bitcoin' is invalid");
    // The payment's insert fails inside the one transaction: the visit is not completed either.
    const halfway = await desk.run(['api', 'POST', 'rpc/complete_paid_visit', '-f', `visit_id=${visit.id}`, '-f', 'method=bitcoin']);
    expect(halfway.code).toBe(1);
    expect(await json(['appt', 'show', visit.id], desk)).toMatchObject({ status: 'scheduled' });
    expect(await desk.run(['appt', 'complete', visit.id, '--paid', 'card'])).toMatchObject({ code: 0 });
    const again = await desk.run(['appt', 'complete', visit.id, '--paid', 'card']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('is already completed; nothing changed');
    // The hint names the visit's client, so it runs as written.
    const client = shortId(visit.client_id);
    expect(again.stderr).toContain(`practice pay list --client ${client}\``);
    expect(again.stderr).toContain(`practice pay add --client ${client} --amount`);
    const listed = await desk.run(['pay', 'list', '--client', client, '--json']);
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout).map((payment: { appointment_id: string }) => payment.appointment_id)).toContain(visit.id);
    expect((await payments()).length).toBe(count + 1);
  });

  it('keeps each practice\'s answers to its own rows', async () => {
    expect(await json(['report', 'receivables', '--as-of', '2026-11-20'], desk)).toEqual([]);
    const byClient = await json(['report', 'revenue', '--basis', 'collected', '--from', '2026-06-01', '--to', '2030-12-31', '--by', 'client'], desk);
    expect(byClient.map((row: { client: string }) => row.client)).toEqual(['Dee Park']);
    const mine = await json(['report', 'revenue', '--basis', 'collected', '--from', '2026-06-01', '--to', '2030-12-31', '--by', 'client']);
    expect(mine.map((row: { client: string }) => row.client)).toEqual(['Cal Weber', 'Ann Lee']);
    const [annVisit] = await json(['appt', 'list', '--client', 'ann', '--from', '2026-06-01', '--to', '2026-06-01']);
    const forged = await desk.run(['api', 'POST', 'rpc/complete_paid_visit', '-f', `visit_id=${annVisit.id}`, '-f', 'method=card']);
    expect(forged.code).toBe(1);
    expect(forged.stderr).toContain('No appointment has the id');
    expect((await json(['pay', 'list', '--client', 'ann'])).length).toBe(2);
  });
});
