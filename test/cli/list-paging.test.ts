// Every list and search pages past the service's 1000-row read cap (read-ranged.ts): 1100 rows of
// each noun, seeded once in one bulk POST per table, arrive each exactly once and in the list's order,
// --limit returns exactly that many (paging past the cap too), and a summary counts what was listed.
import { beforeAll, describe, expect, it } from 'vitest';
import { bulk } from '../helpers/report-practice.js';
import { signedInCli } from '../helpers/signed-in-cli.js';

const { home } = await signedInCli();
const ROWS = 1100;
const numbered = (i: number) => String(i).padStart(4, '0');
const day = (from: number[], days: number) => new Date(Date.UTC(from[0]!, from[1]! - 1, from[2]! + days)).toISOString().slice(0, 10);
/** A distinct creation time a minute apart, so newest-first lists have one order. */
const createdAt = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();

let ann: string;
const seeded: Record<string, Array<Record<string, any>>> = {};

beforeAll(async () => {
  const clients = await bulk(home, 'POST', 'clients', Array.from({ length: ROWS }, (_, i) => ({ name: `Client ${numbered(i)}` })));
  ann = clients.find((client) => client.name === 'Client 0000')!.id;
  seeded.clients = clients;
  // Four a day from 1 January 2027, an hour apart: 275 days.
  seeded.appointments = await bulk(home, 'POST', 'appointments', Array.from({ length: ROWS }, (_, i) => ({
    client_id: ann, date: day([2027, 1, 1], Math.floor(i / 4)), start_time: `${10 + (i % 4)}:00`, end_time: `${10 + (i % 4)}:45`,
  })));
  seeded.sessions = await bulk(home, 'POST', 'sessions', Array.from({ length: ROWS }, (_, i) => ({ client_id: ann, subjective: `visit ${i}`, created_at: createdAt(i) })));
  // One a day from 1 January 2024, of 1.00 to 1.99.
  seeded.expenses = await bulk(home, 'POST', 'expenses', Array.from({ length: ROWS }, (_, i) => ({
    date: day([2024, 1, 1], i), amount: 1 + (i % 100) / 100, category: 'supplies',
  })));
  seeded.conversation_log = await bulk(home, 'POST', 'conversation_log', Array.from({ length: ROWS }, (_, i) => ({
    client_id: ann, role: 'client', message: `message ${i}`, created_at: createdAt(i),
  })));
  seeded.service_menu = await bulk(home, 'POST', 'service_menu', Array.from({ length: ROWS }, (_, i) => ({ name: `Service ${numbered(i)}`, duration: 60, price: 10 })));
}, 120_000);

/** The ids `args` prints as JSON. */
async function listedIds(args: string[]): Promise<string[]> {
  const result = await home.run(args);
  expect(result.code, result.stderr).toBe(0);
  return (JSON.parse(result.stdout) as Array<{ id: string }>).map((row) => row.id);
}

/** The seeded rows of `table` in the order `key` gives them, as ids. */
function idsBy(table: string, key: (row: Record<string, any>) => string, direction: 'asc' | 'desc' = 'asc'): string[] {
  const sorted = [...seeded[table]!].sort((a, b) => key(a).localeCompare(key(b)));
  return (direction === 'asc' ? sorted : sorted.reverse()).map((row) => row.id);
}

const cents = (rows: Array<Record<string, any>>) => rows.reduce((sum, row) => sum + Math.round(Number(row.amount) * 100), 0);
const money = (total: number) => `${Math.floor(total / 100)}.${String(total % 100).padStart(2, '0')}`;

describe('every row past the cap, in order, and --limit exact', () => {
  it('client list and client search', async () => {
    const byName = idsBy('clients', (row) => row.name);
    expect(await listedIds(['client', 'list', '--json', 'id'])).toEqual(byName);
    expect(await listedIds(['client', 'list', '--limit', '1050', '--json', 'id'])).toEqual(byName.slice(0, 1050));
    expect(await listedIds(['client', 'list', '--limit', '5000', '--json', 'id'])).toEqual(byName);
    expect(await listedIds(['client', 'search', 'client', '--json', 'id'])).toEqual(byName);
  });

  it('reads a --limit past the cap in Range pages, the count once', async () => {
    const result = await home.run(['client', 'list', '--limit', '1050', '--json', 'id', '--verbose']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr.split('\n').filter((line) => line.startsWith('> range:'))).toEqual(['> range: 0-1049', '> range: 1000-1049']);
    expect(result.stderr.split('\n').filter((line) => line.startsWith('> prefer:'))).toEqual(['> prefer: count=exact']);
  });

  it('appt list', async () => {
    const byTime = idsBy('appointments', (row) => `${row.date} ${row.start_time}`);
    const range = ['appt', 'list', '--from', '2027-01-01', '--to', '2030-01-01'];
    expect(await listedIds([...range, '--json', 'id'])).toEqual(byTime);
    expect(await listedIds([...range, '--limit', '1001', '--json', 'id'])).toEqual(byTime.slice(0, 1001));
    expect(await listedIds([...range, '--order', 'date.desc,start_time.desc', '--limit', '1099', '--json', 'id'])).toEqual([...byTime].reverse().slice(0, 1099));
  });

  it('note list', async () => {
    const newest = idsBy('sessions', (row) => row.created_at, 'desc');
    expect(await listedIds(['note', 'list', '--json', 'id'])).toEqual(newest);
    expect(await listedIds(['note', 'list', '--client', ann, '--unsigned', '--json', 'id'])).toEqual(newest);
    expect(await listedIds(['note', 'list', '--limit', '1001', '--json', 'id'])).toEqual(newest.slice(0, 1001));
  });

  it('expense list, its total over what was listed', async () => {
    const newest = [...seeded.expenses!].sort((a, b) => b.date.localeCompare(a.date));
    let result = await home.run(['expense', 'list', '--json', 'id']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).map((row: { id: string }) => row.id)).toEqual(newest.map((row) => row.id));
    expect(result.stderr).toContain(`Total ${money(cents(newest))} over ${ROWS} expenses.`);

    const of2025 = newest.filter((row) => row.date.startsWith('2025-'));
    result = await home.run(['expense', 'list', '--from', '2025-01-01', '--to', '2025-12-31', '--format', 'csv']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trim().split('\n')).toHaveLength(1 + of2025.length);
    expect(result.stderr).toContain(`Total ${money(cents(of2025))} over ${of2025.length} expenses.`);

    result = await home.run(['expense', 'list', '--limit', '1050', '--json', 'id,amount']);
    expect(JSON.parse(result.stdout).map((row: { id: string }) => row.id)).toEqual(newest.slice(0, 1050).map((row) => row.id));
    expect(result.stderr).toContain(`Total ${money(cents(newest.slice(0, 1050)))} over 1050 expenses.`);
  });

  it('msg list', async () => {
    const newest = idsBy('conversation_log', (row) => row.created_at, 'desc');
    expect(await listedIds(['msg', 'list', '--client', ann, '--limit', '5000', '--json', 'id'])).toEqual(newest);
    expect(await listedIds(['msg', 'list', '--client', ann, '--limit', '1050', '--json', 'id'])).toEqual(newest.slice(0, 1050));
    expect(await listedIds(['msg', 'list', '--client', ann, '--json', 'id'])).toEqual(newest.slice(0, 20));
  });

  it('service list', async () => {
    expect(await listedIds(['service', 'list', '--json', 'id'])).toEqual(idsBy('service_menu', (row) => row.name));
  });
});
