// `balances` of migration 18 (the ledger settled in full on every read) against the current one
// (migration 23: the balances kept in client_balances), on one in-memory PGlite with the practice of
// run.mjs (1,000 clients, 20,000 appointments, 20,000 payments, 200 packages) inserted by SQL, beside
// a plain read of 1,000 clients: the database's part of `practice balance`, without HTTP, both in the
// same process on the same rows, and their answers compared. And what keeping them costs a write:
// one payment inserted with the balance triggers on and off, in turn.
//
//   npx esbuild bench/money/in-process.ts --bundle --platform=node --format=esm --packages=external \
//     --outfile=.bench/money/in-process.mjs && node .bench/money/in-process.mjs [--runs 12]
import { openDatabase } from '../../src/server/db/open.js';
import { migrate } from '../../src/server/db/migrate.js';
import { balancesFunction as balances18 } from '../../src/server/db/migrations/0018/balances.js';

const RUNS = Number(process.argv.includes('--runs') ? process.argv[process.argv.indexOf('--runs') + 1] : 12);
const PRACTICE = '11111111-1111-4111-8111-111111111111';
const client = (n: string) => `('00000000-0000-4000-8000-' || lpad((${n})::text, 12, '0'))::uuid`;
const service = (n: string) => `('00000000-0000-4000-9000-00000000000' || (${n}))::uuid`;

const db = await openDatabase({ memory: true });
await migrate(db);
await db.exec(balances18.replace('create or replace function public.balances(', 'create function public.balances_18('));
// The rules' triggers are off while seeding (the rows break none): what is measured is the reads.
await db.exec(`
insert into public.clients (therapist_id, id, name) select '${PRACTICE}', ${client('i')}, 'Client ' || lpad(i::text, 4, '0') from generate_series(0, 999) i;
insert into public.service_menu (therapist_id, id, name, duration, price) values
  ('${PRACTICE}', ${service('1')}, 'Swedish 60', 60, 80), ('${PRACTICE}', ${service('2')}, 'Deep tissue 60', 60, 95.5), ('${PRACTICE}', ${service('3')}, 'Hot stone 90', 90, 120);
alter table public.appointments disable trigger user;
insert into public.appointments (therapist_id, client_id, service_id, date, start_time, end_time, status, price, buffer_minutes)
  select '${PRACTICE}', ${client('i % 1000')}, ${service('i % 3 + 1')}, date '2026-01-01' + (i / 28),
    time '08:00' + (i % 28) * interval '30 minutes', time '08:25' + (i % 28) * interval '30 minutes',
    case when i % 10 = 9 then 'cancelled' else 'completed' end, (array[80, 95.5, 120])[i % 3 + 1], 0
  from generate_series(0, 19999) i;
alter table public.appointments enable trigger user;
insert into public.packages (therapist_id, client_id, service_id, visits, price, sold_on)
  select '${PRACTICE}', ${client('i')}, ${service('1')}, 5, 360, '2026-01-01' from generate_series(0, 199) i;
alter table public.payments disable trigger user;
insert into public.payments (therapist_id, client_id, amount, method, paid_at)
  select '${PRACTICE}', ${client('i % 1000')}, (array[80, 95.5, 120])[i % 3 + 1], 'card', timestamptz '2026-01-01 12:00Z' + (i / 28) * interval '1 day'
  from generate_series(0, 19999) i;
alter table public.payments enable trigger user;
-- The balances of the rows inserted with the triggers off, as migration 23 settles the rows there already.
select practice_private.store_client_balances(array_agg(therapist_id), array_agg(id)) from public.clients;`);

/** `sql` as the practice's signed-in therapist, as a request runs it: its wall ms and rows. */
const asPractice = (sql: string) => db.transaction(async (tx) => {
  await tx.exec(`set local role authenticated; select set_config('request.jwt.claims', '{"sub":"${PRACTICE}","role":"authenticated"}', true);`);
  const started = performance.now();
  const rows = await tx.query(sql);
  return { ms: performance.now() - started, rows };
});
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const cases: Record<string, string> = {
  'plain read of 1,000 clients': 'select * from public.clients order by name limit 1000',
  'balances_18, every client': `select * from public.balances_18(null, '2027-12-31')`,
  'balances, every client': `select * from public.balances(null, '2027-12-31')`,
  'balances_18, one client': `select * from public.balances_18(${client('1')}, '2027-12-31')`,
  'balances, one client': `select * from public.balances(${client('1')}, '2027-12-31')`,
};
const same = JSON.stringify((await asPractice(cases['balances_18, every client']!)).rows) === JSON.stringify((await asPractice(cases['balances, every client']!)).rows);
const times = Object.fromEntries(Object.keys(cases).map((name) => [name, [] as number[]]));
for (let run = 0; run < RUNS; run++) for (const [name, sql] of Object.entries(cases)) times[name]!.push((await asPractice(sql)).ms);

// A payment of a client with a package (its draws are read again), with the balance triggers on and off.
const onePayment = `insert into public.payments (client_id, amount, method) values (${client('1')}, 10, 'cash')`;
const writes = { kept: [] as number[], 'not kept': [] as number[] };
for (let run = 0; run < RUNS; run++) {
  writes.kept.push((await asPractice(onePayment)).ms);
  await db.exec('alter table public.payments disable trigger client_balances_insert');
  writes['not kept'].push((await asPractice(onePayment)).ms);
  await db.exec('alter table public.payments enable trigger client_balances_insert');
}
for (const [name, values] of Object.entries({ ...times, 'one payment, balance kept': writes.kept, 'one payment, not kept': writes['not kept'] })) {
  console.log(`${name.padEnd(32)} ${median(values).toFixed(1).padStart(8)} ms`);
}
console.log(`\nthe same answer from both: ${same}; every client: ${(median(times['balances_18, every client']!) / median(times['balances, every client']!)).toFixed(2)}x faster, ${(median(times['balances, every client']!) / median(times['plain read of 1,000 clients']!)).toFixed(2)}x the plain read`);
console.log(`a one-payment write: ${(median(writes.kept) / median(writes['not kept'])).toFixed(2)}x with the balance kept`);
