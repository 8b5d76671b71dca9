// `practice pay`, `balance` and `package` end to end against a real server: payments recorded and
// corrected only by refunds and voids, the ledger refusing edits over HTTP, balances and packages
// derived from the visits, and a second practice that sees none of it.
import { describe, expect, it } from 'vitest';
import { signedInHome } from '../helpers/cli.js';
import { daysAhead } from '../helpers/days.js';
import { createWithApi, signedInCli } from '../helpers/signed-in-cli.js';

const { server, home } = await signedInCli();

const ann = await createWithApi(home, 'clients', { name: 'Ann Lee' });
await createWithApi(home, 'clients', { name: 'Bob Stone' });
const swedish = await createWithApi(home, 'service_menu', { name: 'Swedish 60', duration: 60, price: 80 });

/** A completed visit of Swedish 60 on `date` (an import may create one completed). */
function visit(client: Record<string, any>, date: string, start = '10:00', end = '11:00') {
  return createWithApi(home, 'appointments', { client_id: client.id, service_id: swedish.id, date, start_time: start, end_time: end, status: 'completed' });
}

async function json(args: string[], who = home) {
  const result = await who.run([...args, '--json']);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

describe('practice pay', () => {
  it('records a payment, printing its id, and with --json the entry with the client\'s name', async () => {
    const plain = await home.run(['pay', 'add', '--client', 'ann', '--amount', '85', '--method', 'card']);
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
    expect(plain.stderr).toBe('✓ Recorded card 85.00 from Ann Lee.\n');

    const first = await visit(ann, '2026-01-05');
    const paid = await json(['pay', 'add', '--client', 'Ann Lee', '--amount', '40.50', '--method', 'cash', '--appointment', first.id.slice(0, 8),
      '--reference', 'R-1041', '--date', '2026-01-05']);
    expect(paid).toMatchObject({ kind: 'payment', client_id: ann.id, client_name: 'Ann Lee', appointment_id: first.id, amount: 40.5,
      method: 'cash', reference: 'R-1041', reverses_id: null });
    // Noon in the practice's zone (Europe/Berlin) on the day given.
    expect(paid.paid_at).toMatch(/^2026-01-05T11:00:00(\.000)?(Z|\+00:00)$/);
  });

  it('refuses bad input before sending anything (exit 2)', async () => {
    for (const [args, message] of [
      [['--amount', '0', '--method', 'card'], '--amount: expected an amount like 45, 45.5 or 45.50, greater than 0'],
      [['--amount', '-5', '--method', 'card'], 'which is negative'],
      [['--amount', '5', '--method', 'bitcoin'], "option '--method <method>' argument 'bitcoin' is invalid"],
      [['--amount', '5', '--method', 'cash', '--date', '2999-01-01'], '--date: 2999-01-01 is in the future'],
      [['--amount', '5', '--method', 'cash', '--reference', '  '], '--reference: must not be empty'],
    ] as const) {
      const result = await home.run(['pay', 'add', '--client', 'ann', ...args]);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain(message);
      expect(result.stdout).toBe('');
    }
    const other = await createWithApi(home, 'clients', { name: 'Bo Other' });
    // Scheduled, so it bills nothing in the balances below.
    const bobsVisit = await createWithApi(home, 'appointments', { client_id: other.id, service_id: swedish.id, date: '2026-01-06', start_time: '10:00', end_time: '11:00' });
    const notHers = await home.run(['pay', 'add', '--client', 'ann', '--amount', '5', '--method', 'cash', '--appointment', bobsVisit.id]);
    expect(notHers.code).toBe(1);
    expect(notHers.stderr).toContain(`--appointment: ${bobsVisit.id.slice(0, 8)} on 2026-01-06 is Bo Other's visit, not Ann Lee's`);
    const missing = await home.run(['pay', 'add', '--client', 'ann', '--amount', '5']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("required option '--method <method>' not specified");
  });

  it('corrects a payment only by refunds up to what is left and by a void of the whole', async () => {
    const payment = await json(['pay', 'add', '--client', 'bob', '--amount', '100', '--method', 'card']);
    const refund = await home.run(['pay', 'refund', payment.id.slice(0, 8), '--amount', '30', '--note', 'Shortened session']);
    expect(refund.code, refund.stderr).toBe(0);
    expect(refund.stderr).toMatch(/^✓ Recorded refund of 30\.00 to Bob Stone \(reverses [0-9a-f]{8}\); 70\.00 of it is left\.\n$/);

    const tooMuch = await home.run(['pay', 'refund', payment.id, '--amount', '70.01']);
    expect(tooMuch.code).toBe(1);
    expect(tooMuch.stderr).toContain(`Cannot refund 70.01 of payment ${payment.id}: only 70.00 of its 100.00 is left`);
    const voided = await home.run(['pay', 'void', payment.id]);
    expect(voided.code).toBe(1);
    expect(voided.stderr).toContain('30.00 of it was already refunded or voided');

    const rest = await json(['pay', 'refund', payment.id]);
    expect(rest).toMatchObject({ kind: 'refund', amount: 70, method: 'card', reverses_id: payment.id });
    const again = await home.run(['pay', 'refund', payment.id]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('was already given back in full');

    const mistake = await json(['pay', 'add', '--client', 'bob', '--amount', '55', '--method', 'transfer']);
    expect(await json(['pay', 'void', mistake.id, '--note', 'Entered twice'])).toMatchObject({ kind: 'void', amount: 55, method: 'transfer' });
    const ofVoid = await home.run(['pay', 'refund', (await json(['pay', 'list', '--client', 'bob']))[0].id]);
    expect(ofVoid.code).toBe(1);
    expect(ofVoid.stderr).toContain('is a void, which is final');
  });

  it('never edits or deletes an entry, whoever asks over HTTP', async () => {
    const [entry] = await json(['pay', 'list', '--client', 'bob']);
    const patch = await home.run(['api', 'PATCH', 'payments', '-q', `id=eq.${entry.id}`, '-F', 'amount=1']);
    expect(patch.code).toBe(1);
    expect(patch.stdout + patch.stderr).toMatch(/403|permission denied/);
    const remove = await home.run(['api', 'DELETE', 'payments', '-q', `id=eq.${entry.id}`]);
    expect(remove.code).toBe(1);
    expect(remove.stdout + remove.stderr).toMatch(/403|permission denied/);
    expect((await json(['pay', 'list', '--client', 'bob'])).find((row: { id: string }) => row.id === entry.id)).toEqual(entry);
  });

  it('lists the ledger newest first with the net on stderr, refunds and voids counted negative', async () => {
    const result = await home.run(['pay', 'list', '--client', 'bob']);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n').filter(Boolean).map((line) => line.split('\t').slice(3, 6).join(' '))).toEqual([
      'void -55.00 transfer', 'payment 55.00 transfer', 'refund -70.00 card', 'refund -30.00 card', 'payment 100.00 card',
    ]);
    expect(result.stderr).toBe('Net received 0.00 over 5 entries.\n');
    const january = await json(['pay', 'list', '--from', '2026-01-01', '--to', '2026-01-31']);
    expect(january.map((row: { amount: number }) => row.amount)).toEqual([40.5]);
  });
});

describe('practice package and balance', () => {
  it('sells a package as a sale and its payment, and lists the visits it has left', async () => {
    // Open as long as it has visits left and has not expired today (package list asks as of today).
    const expires = daysAhead(30);
    const sale = await json(['package', 'sell', '--client', 'ann', '--service', 'swedish', '--visits', '2', '--price', '150',
      '--date', '2026-02-01', '--expires', expires]);
    expect(sale.package).toMatchObject({ client_id: ann.id, service_id: swedish.id, visits: 2, price: 150, sold_on: '2026-02-01', expires_on: expires });
    expect(sale.payment).toMatchObject({ kind: 'payment', package_id: sale.package.id, amount: 150, method: 'card' });
    const [listed] = await json(['package', 'list', '--client', 'ann']);
    expect(listed).toMatchObject({ id: sale.package.id, client_name: 'Ann Lee', service_name: 'Swedish 60', visits: 2, used: 0, visits_left: 2, open: true });

    const refused = await home.run(['package', 'sell', '--client', 'ann', '--service', 'swedish', '--visits', '0', '--price', '150']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--visits: expected a whole number of 1 or more');
  });

  it('covers completed visits of its service from the sale on, and gives a visit back when one is undone', async () => {
    const covered = await visit(ann, '2026-02-02');
    await visit(ann, '2026-02-09');
    // Used up: a third visit after the package owes its price.
    const third = await visit(ann, '2026-02-16');
    const [used] = await json(['package', 'list', '--client', 'ann']);
    expect(used).toMatchObject({ used: 2, visits_left: 0, open: false });

    // Billed: the January visit (80) and the third (80), plus the package (150); paid 85 + 40.50 + 150.
    const [balance] = await json(['balance', '--client', 'ann']);
    expect(balance).toMatchObject({ client_name: 'Ann Lee', billed: 310, paid: 275.5, owed: 34.5, visits: 4, covered_visits: 2, oldest_unpaid: '2026-02-16' });

    const undo = await home.run(['appt', 'confirm', covered.id, '--yes']);
    expect(undo.code, undo.stderr).toBe(0);
    // The third visit takes the freed place: nothing of it is owed now.
    const [after] = await json(['balance', '--client', 'ann']);
    expect(after).toMatchObject({ billed: 230, owed: -45.5, visits: 3, covered_visits: 2, oldest_unpaid: null });
    expect((await json(['package', 'list', '--client', 'ann']))[0]).toMatchObject({ used: 2, visits_left: 0 });
    expect(third.status).toBe('completed');
  });

  it('lists who owes, oldest unpaid first, and exits 1 with --overdue while anything is', async () => {
    const cal = await createWithApi(home, 'clients', { name: 'Cal Weber' });
    await visit(cal, '2026-01-20');
    const table = await home.run(['balance']);
    expect(table.code, table.stderr).toBe(0);
    // Ann is in credit, Bob's ledger nets to 0 with nothing billed: only Cal and Ann owe or are owed.
    expect(table.stdout.split('\n').filter(Boolean).map((line) => line.split('\t').slice(0, 4).join(' '))).toEqual([
      'Cal Weber 80.00 0.00 80.00', 'Ann Lee 230.00 275.50 -45.50',
    ]);
    const overdue = await home.run(['balance', '--overdue', '30d']);
    expect(overdue.code).toBe(1);
    expect(overdue.stdout).toMatch(/^Cal Weber\t80\.00\t0\.00\t80\.00\t0\t2026-01-20\t\d+\n$/);
    expect(overdue.stderr).toBe('1 client, 80.00 owed in all.\n');
    await home.run(['pay', 'add', '--client', 'cal', '--amount', '80', '--method', 'cash']);
    const settled = await home.run(['balance', '--overdue', '30d']);
    expect(settled.code).toBe(0);
    expect(settled.stdout).toBe('');
    const bad = await home.run(['balance', '--overdue', 'soon']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--overdue: expected an age like 30d, 4w or 30; got 'soon'");
  });
});

describe('two practices', () => {
  it('see none of each other\'s payments, packages or balances, and cannot reverse each other\'s entries', async () => {
    const other = await signedInHome(server.url, server.keys.anonKey);
    try {
      const [annPayment] = await json(['pay', 'list', '--client', 'ann']);
      expect(await json(['pay', 'list'], other)).toEqual([]);
      expect(await json(['package', 'list'], other)).toEqual([]);
      expect(await json(['balance', '--all'], other)).toEqual([]);
      const refund = await other.run(['pay', 'refund', annPayment.id]);
      expect(refund.code).toBe(1);
      expect(refund.stderr).toContain('was not found');
      const dee = await createWithApi(other, 'clients', { name: 'Dee (other practice)' });
      const forged = await other.run(['api', 'POST', 'payments', '-f', `client_id=${ann.id}`, '-F', 'amount=5', '-f', 'method=cash']);
      expect(forged.code).toBe(1);
      expect(await json(['pay', 'add', '--client', dee.id, '--amount', '5', '--method', 'cash'], other)).toMatchObject({ client_name: 'Dee (other practice)' });
      expect((await json(['pay', 'list', '--client', 'ann'])).map((row: { id: string }) => row.id)).toContain(annPayment.id);
      expect(await json(['balance', '--all'], other)).toMatchObject([{ client_name: 'Dee (other practice)', paid: 5, owed: -5 }]);
      // A sale recorded unpaid is owed until it is paid.
      await createWithApi(other, 'service_menu', { name: 'Swedish 60', duration: 60, price: 70 });
      const unpaid = await other.run(['package', 'sell', '--client', 'dee', '--service', 'swedish', '--visits', '3', '--price', '200', '--unpaid']);
      expect(unpaid.code, unpaid.stderr).toBe(0);
      expect(unpaid.stderr).toBe('✓ Sold 3 visits of Swedish 60 to Dee (other practice) for 200.00, unpaid.\n');
      expect(await json(['balance'], other)).toMatchObject([{ client_name: 'Dee (other practice)', billed: 200, paid: 5, owed: 195 }]);
      expect(await json(['package', 'list'], other)).toMatchObject([{ visits: 3, visits_left: 3, open: true }]);
      expect(await json(['package', 'list'])).toHaveLength(1);
    } finally {
      await other.cleanup();
    }
  });
});
