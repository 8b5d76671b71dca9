// The practice's answers (rpc/ functions) past the host's cap of 1000 rows per response, as lists
// page past it (read-ranged.ts): a year of days never closed, 1100 visits of 1100 clients. `appt
// unresolved` lists every one, oldest first; `appt complete --all-unresolved` completes every one,
// each PATCH naming few enough ids for a host's limit on a request line; then `note missing`,
// `report clients` and `balance` answer for all 1100, in the functions' own order.
import { beforeAll, describe, expect, it } from 'vitest';
import { bulk } from '../helpers/report-practice.js';
import { signedInCli } from '../helpers/signed-in-cli.js';

const { server, home } = await signedInCli({ recordRequests: true });
const VISITS = 1100;
let oldestFirst: string[];
let clientIds: string[];

beforeAll(async () => {
  const clients = await bulk(home, 'POST', 'clients', Array.from({ length: VISITS }, (_, i) => ({ name: `Client ${String(i).padStart(4, '0')}` })));
  clientIds = clients.map((client) => client.id);
  // Four a day from 1 January 2024, an hour apart, each of its own client; sent newest first, so
  // the order is the read's.
  const visits = clients.map((client, i) => ({
    client_id: client.id, date: new Date(Date.UTC(2024, 0, 1 + Math.floor(i / 4))).toISOString().slice(0, 10),
    start_time: `${10 + (i % 4)}:00`, end_time: `${10 + (i % 4)}:45`, status: i % 2 ? 'confirmed' : 'scheduled', price: 50,
  }));
  const created = await bulk(home, 'POST', 'appointments', visits.reverse());
  oldestFirst = created.reverse().map((row) => row.id);
}, 60_000);

const requestsTo = (method: string, path: string) => server.received.filter((request) => request.method === method && request.url.startsWith(path));

describe('more rows than one answer holds', () => {
  it('appt unresolved lists every one, oldest first, and exits 1', async () => {
    const listed = await home.run(['appt', 'unresolved', '--before', '2026-01-01', '--json', 'id']);
    expect(listed.code, listed.stderr).toBe(1);
    expect((JSON.parse(listed.stdout) as Array<{ id: string }>).map((row) => row.id)).toEqual(oldestFirst);
    expect(requestsTo('POST', '/rest/v1/rpc/unresolved_appointments').length).toBeGreaterThan(1);
  });

  it('appt complete --all-unresolved completes every one, after which none is left', async () => {
    const completed = await home.run(['appt', 'complete', '--all-unresolved', '--before', '2026-01-01', '--yes', '--json', 'id,status']);
    expect(completed.code, completed.stderr).toBe(0);
    const rows = JSON.parse(completed.stdout) as Array<{ id: string; status: string }>;
    expect(rows.map((row) => row.id)).toEqual(oldestFirst);
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['completed']));
    const patches = requestsTo('PATCH', '/rest/v1/appointments');
    expect(patches.length).toBeGreaterThan(1);
    expect(Math.max(...patches.map((request) => request.url.length))).toBeLessThan(8 * 1024);

    const after = await home.run(['appt', 'unresolved', '--before', '2026-01-01']);
    expect(after.code, after.stderr).toBe(0);
    // Not at a terminal, an empty list prints nothing: a script reads the exit code.
    expect(after.stdout).toBe('');
  });

  it('note missing names every visit held without a note, and exits 1', async () => {
    const missing = await home.run(['note', 'missing', '--since', '2024-01-01', '--json', 'appointment_id']);
    expect(missing.code, missing.stderr).toBe(1);
    const ids = (JSON.parse(missing.stdout) as Array<{ appointment_id: string }>).map((row) => row.appointment_id);
    expect(ids).toHaveLength(VISITS);
    expect(new Set(ids)).toEqual(new Set(oldestFirst));
    expect(requestsTo('POST', '/rest/v1/rpc/missing_notes').length).toBeGreaterThan(1);
  });

  it('report clients counts every client seen', async () => {
    const report = await home.run(['report', 'clients', '--from', '2024-01-01', '--to', '2025-12-31', '--json', 'client_id,visits']);
    expect(report.code, report.stderr).toBe(0);
    const rows = JSON.parse(report.stdout) as Array<{ client_id: string; visits: number }>;
    expect(rows).toHaveLength(VISITS);
    expect(new Set(rows.map((row) => row.client_id))).toEqual(new Set(clientIds));
    expect(rows.every((row) => row.visits === 1)).toBe(true);
    expect(requestsTo('POST', '/rest/v1/rpc/clients_report').length).toBeGreaterThan(1);
  });

  it('balance lists every client who owes for a visit', async () => {
    const balance = await home.run(['balance', '--json', 'client_id']);
    expect(balance.code, balance.stderr).toBe(0);
    const rows = JSON.parse(balance.stdout) as Array<{ client_id: string }>;
    expect(new Set(rows.map((row) => row.client_id))).toEqual(new Set(clientIds));
    expect(requestsTo('POST', '/rest/v1/rpc/balances').length).toBeGreaterThan(1);
  });
});
