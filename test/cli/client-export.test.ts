// `practice client export`: everything about one client and nothing about another, as JSON, CSV and
// a README in a new private folder; recorded in the audit; an existing folder refused (exit 2).
import { mkdir, readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { signedInCli } from '../helpers/signed-in-cli.js';

const { home, me } = await signedInCli();

async function practice(...args: string[]) {
  const result = await home.run(args);
  expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
  return result.stdout.trim();
}

describe('practice client export', () => {
  it("writes one client's record, amendments and audit rows included, and records the export", async () => {
    const ann = await practice('client', 'add', '--name', 'Ann Record', '--email', 'ann.record@example.com');
    await practice('client', 'add', '--name', 'Bob Other');
    const note = await practice('note', 'add', '--client', ann, '-S', 'Sore neck');
    await practice('note', 'sign', note);
    await practice('note', 'amend', note, '-P', 'Heat at home');
    await practice('msg', 'add', '--client', ann, '--role', 'client', '--message', 'Thanks!');
    await practice('pay', 'add', '--client', ann, '--amount', '85', '--method', 'card');
    await practice('note', 'list', '--client', ann);

    const folder = join(home.dir, 'ann-record');
    const result = JSON.parse(await practice('client', 'export', 'ann record', '--output', folder, '--json'));
    expect(result).toMatchObject({ client_id: ann, folder, rows: { notes: 2, messages: 1, appointments: 0, payments: 1, packages: 0, invoices: 0 } });
    expect((await readdir(folder)).sort()).toEqual(['README.txt', 'appointments.csv', 'audit.csv', 'client.csv', 'invoices.csv', 'messages.csv', 'notes.csv',
      'packages.csv', 'payments.csv', 'record.json', 'reminders.csv']);
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
    expect((await stat(join(folder, 'record.json'))).mode & 0o777).toBe(0o600);

    const record = JSON.parse(await readFile(join(folder, 'record.json'), 'utf8'));
    expect(record.client).toMatchObject({ id: ann, name: 'Ann Record' });
    expect(record.notes.map((n: any) => n.amends_id ?? null).sort()).toEqual([note, null].sort());
    expect(record.payments).toMatchObject([{ client_id: ann, amount: 85, method: 'card', kind: 'payment' }]);
    expect(await readFile(join(folder, 'README.txt'), 'utf8')).toContain('payments.csv     payments, refunds and voids (the ledger) (1)');
    expect(record.audit.some((row: any) => row.action === 'read' && row.table_name === 'sessions')).toBe(true);
    expect(JSON.stringify(record)).not.toContain('Bob Other');
    expect(await readFile(join(folder, 'client.csv'), 'utf8')).toContain('ann.record@example.com');
    expect(await readFile(join(folder, 'README.txt'), 'utf8')).toMatch(/^Record of Ann Record \(client /);

    const [recorded] = JSON.parse(await practice('audit', '--client', ann, '--limit', '1', '--json'));
    expect(recorded).toMatchObject({ action: 'export', table_name: 'clients', client_id: ann, actor: me, via: 'cli', changes: { rows: { notes: 2 } } });
  });

  it('refuses a folder that exists before reading anything, writing nothing into it (exit 2)', async () => {
    const folder = join(home.dir, 'taken');
    await mkdir(folder);
    const before = JSON.parse(await practice('audit', '--limit', '1', '--json'));
    const result = await home.run(['client', 'export', 'ann record', '--output', folder]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`--output: ${folder} exists already.`);
    expect(await readdir(folder)).toEqual([]);
    // No read of the client's notes was made, so none is recorded.
    expect(JSON.parse(await practice('audit', '--limit', '1', '--json'))).toEqual(before);
  });
});
