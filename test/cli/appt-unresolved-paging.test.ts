// The end of a year of days never closed: more unresolved visits than the host answers in one
// response (1000). `appt unresolved` lists every one, oldest first, in pages of the rpc/ call, and
// `appt complete --all-unresolved` completes every one, its PATCHes each naming few enough ids for a
// host's limit on the length of a request line.
import { beforeAll, describe, expect, it } from 'vitest';
import { bulk } from '../helpers/report-practice.js';
import { signedInCli } from '../helpers/signed-in-cli.js';

const { server, home } = await signedInCli({ recordRequests: true });
const VISITS = 1100;
let oldestFirst: string[];

beforeAll(async () => {
  const [ann] = await bulk(home, 'POST', 'clients', [{ name: 'Ann Lee' }]);
  // Four a day from 1 January 2024, an hour apart; sent newest first, so the order is the read's.
  const visits = Array.from({ length: VISITS }, (_, i) => ({
    client_id: ann!.id, date: new Date(Date.UTC(2024, 0, 1 + Math.floor(i / 4))).toISOString().slice(0, 10),
    start_time: `${10 + (i % 4)}:00`, end_time: `${10 + (i % 4)}:45`, status: i % 2 ? 'confirmed' : 'scheduled',
  }));
  const created = await bulk(home, 'POST', 'appointments', visits.reverse());
  oldestFirst = created.reverse().map((row) => row.id);
}, 60_000);

describe('more unresolved visits than one answer holds', () => {
  it('are all listed, oldest first, and the command exits 1', async () => {
    const listed = await home.run(['appt', 'unresolved', '--before', '2026-01-01', '--json', 'id']);
    expect(listed.code, listed.stderr).toBe(1);
    expect((JSON.parse(listed.stdout) as Array<{ id: string }>).map((row) => row.id)).toEqual(oldestFirst);
    expect(server.received.filter((request) => request.url.startsWith('/rest/v1/rpc/unresolved_appointments')).length).toBeGreaterThan(1);
  });

  it('are all completed by --all-unresolved, after which none is left', async () => {
    const completed = await home.run(['appt', 'complete', '--all-unresolved', '--before', '2026-01-01', '--yes', '--json', 'id,status']);
    expect(completed.code, completed.stderr).toBe(0);
    const rows = JSON.parse(completed.stdout) as Array<{ id: string; status: string }>;
    expect(rows.map((row) => row.id)).toEqual(oldestFirst);
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['completed']));
    const patches = server.received.filter((request) => request.method === 'PATCH' && request.url.startsWith('/rest/v1/appointments'));
    expect(patches.length).toBeGreaterThan(1);
    expect(Math.max(...patches.map((request) => request.url.length))).toBeLessThan(8 * 1024);

    const after = await home.run(['appt', 'unresolved', '--before', '2026-01-01']);
    expect(after.code, after.stderr).toBe(0);
    // Not at a terminal, an empty list prints nothing: a script reads the exit code.
    expect(after.stdout).toBe('');
  });
});
