// `balances` of migration 16 against the current one (migration 18), on one in-memory PGlite with the
// practice of run.mjs (1,000 clients, 20,000 appointments, 20,000 payments, 200 packages) inserted by
// SQL, beside a plain read of 1,000 clients: the database's part of `practice balance`, without HTTP,
// both functions in the same process on the same rows, and their answers compared.
//
//   npx esbuild bench/money/in-process.ts --bundle --platform=node --format=esm --packages=external \
//     --outfile=.bench/money/in-process.mjs && node .bench/money/in-process.mjs [--runs 12]
import { openDatabase } from '../../src/server/db/open.js';
import { migrate } from '../../src/server/db/migrate.js';
import { balances as balances16 } from '../../src/server/db/migrations/0016/balances.js';

const RUNS = Number(process.argv.includes('--runs') ? process.argv[process.argv.indexOf('--runs') + 1] : 12);
const PRACTICE = '11111111-1111-4111-8111-111111111111';
const client = (n: string) => `('00000000-0000-4000-8000-' || lpad((${n})::text, 12, '0'))::uuid`;
const service = (n: string) => `('00000000-0000-4000-9000-00000000000' || (${n}))::uuid`;

const db = await openDatabase({ memory: true });
await migrate(db);
await db.exec(balances16.split('comment on function')[0]!.replace('function public.balances(', 'function public.balances_16('));
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
alter table public.payments enable trigger user;`);

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
  'balances_16, every client': `select * from public.balances_16(null, '2027-12-31')`,
  'balances, every client': `select * from public.balances(null, '2027-12-31')`,
  'balances_16, one client': `select * from public.balances_16(${client('1')}, '2027-12-31')`,
  'balances, one client': `select * from public.balances(${client('1')}, '2027-12-31')`,
};
const same = JSON.stringify((await asPractice(cases['balances_16, every client']!)).rows) === JSON.stringify((await asPractice(cases['balances, every client']!)).rows);
const times = Object.fromEntries(Object.keys(cases).map((name) => [name, [] as number[]]));
for (let run = 0; run < RUNS; run++) for (const [name, sql] of Object.entries(cases)) times[name]!.push((await asPractice(sql)).ms);
for (const [name, values] of Object.entries(times)) console.log(`${name.padEnd(32)} ${median(values).toFixed(1).padStart(8)} ms`);
console.log(`\nthe same answer from both: ${same}; every client: ${(median(times['balances_16, every client']!) / median(times['balances, every client']!)).toFixed(2)}x faster, ${(median(times['balances, every client']!) / median(times['plain read of 1,000 clients']!)).toFixed(2)}x the plain read`);
await db.close();
