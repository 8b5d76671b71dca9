// `appt complete --all-unresolved` of more visits than one PATCH names (IDS_PER_REQUEST) when a
// later part is refused by the database: the parts sent before stay changed, and the command says
// how many of how many changed before the failure and that running it again changes the rest, then
// exits with the failure; run again, it completes the rest. The refusal is a trigger of this file's
// own database, refusing one visit of the second part.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { IDS_PER_REQUEST } from '../../src/cli/shared/read-by-ids.js';
import { bulk } from '../helpers/report-practice.js';
import { signedInCli } from '../helpers/signed-in-cli.js';

const { server, home } = await signedInCli();
const VISITS = IDS_PER_REQUEST + 30;
let oldestFirst: string[];

beforeAll(async () => {
  const clients = await bulk(home, 'POST', 'clients', Array.from({ length: VISITS }, (_, i) => ({ name: `Client ${i}` })));
  const visits = clients.map((client, i) => ({
    client_id: client.id, date: new Date(Date.UTC(2024, 0, 1 + Math.floor(i / 4))).toISOString().slice(0, 10),
    start_time: `${10 + (i % 4)}:00`, end_time: `${10 + (i % 4)}:45`, status: 'confirmed',
  }));
  oldestFirst = (await bulk(home, 'POST', 'appointments', visits)).map((row) => row.id);
  const refused = oldestFirst[IDS_PER_REQUEST + 10]!;
  await server.db.exec(`
    create function public.refuse_one_for_the_test() returns trigger language plpgsql as $$
    begin
      raise exception 'This visit is held by the test.';
    end $$;
    create trigger refuse_one_for_the_test before update on public.appointments
      for each row when (old.id = '${refused}') execute function public.refuse_one_for_the_test();`);
}, 60_000);
afterAll(() => server.db.exec('drop trigger if exists refuse_one_for_the_test on public.appointments'));

const statuses = async () => {
  const read = await home.run(['api', 'GET', 'appointments', '-q', 'select=id,status']);
  expect(read.code, read.stderr).toBe(0);
  return new Map((JSON.parse(read.stdout) as Array<{ id: string; status: string }>).map((row) => [row.id, row.status]));
};

it('keeps the parts sent before a refused one, says how many changed and how to finish, and finishes when run again', async () => {
  const failed = await home.run(['appt', 'complete', '--all-unresolved', '--before', '2025-01-01', '--yes']);
  expect(failed.code).toBe(1);
  expect(failed.stderr).toContain(`Completed: ${IDS_PER_REQUEST} appointments of ${VISITS} before the failure below; the same command again changes the rest.`);
  expect(failed.stderr).toContain('This visit is held by the test.');
  const afterFailure = await statuses();
  expect(oldestFirst.slice(0, IDS_PER_REQUEST).every((id) => afterFailure.get(id) === 'completed')).toBe(true);
  expect(oldestFirst.slice(IDS_PER_REQUEST).every((id) => afterFailure.get(id) === 'confirmed')).toBe(true);

  await server.db.exec('drop trigger refuse_one_for_the_test on public.appointments');
  const finished = await home.run(['appt', 'complete', '--all-unresolved', '--before', '2025-01-01', '--yes', '--json', 'id']);
  expect(finished.code, finished.stderr).toBe(0);
  expect((JSON.parse(finished.stdout) as Array<{ id: string }>).map((row) => row.id)).toEqual(oldestFirst.slice(IDS_PER_REQUEST));
  expect([...(await statuses()).values()].every((status) => status === 'completed')).toBe(true);
});
