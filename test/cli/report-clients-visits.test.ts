// `practice report clients` and `report visits` end to end: who was new, returning or lapsed in
// November 2025, and how its bookings turned out; every number worked out by hand.
import { beforeAll, describe, expect, it } from 'vitest';
import { type Ids, seedAutumn } from '../helpers/report-practice.js';
import { signedInCli } from '../helpers/signed-in-cli.js';

const { server, home } = await signedInCli({ recordRequests: true });
let clients: Ids;

beforeAll(async () => {
  ({ clients } = await seedAutumn(home));
});

const json = async (args: string[]) => {
  const result = await home.run(args);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
};

describe('report clients', () => {
  it('lists new, returning and lapsed clients of the period', async () => {
    // Bob and Cleo first came in November; Ann came on 31 October too. Dora was last seen on
    // 1 August, over 60 days before 30 November; Eve (15 September) has a booking ahead of today.
    server.received.length = 0;
    const rows = await json(['report', 'clients', '--month', '2025-11', '--json']);
    // The database answers in one request.
    expect(server.received.filter((request) => request.url.startsWith('/rest/v1/')).map((request) => request.url)).toEqual(['/rest/v1/rpc/clients_report']);
    expect(rows).toEqual([
      { client_id: clients.Cleo, client: 'Cleo', kind: 'new', first_visit: '2025-11-10', last_visit: '2025-11-24', visits: 2, revenue: '170.50', all_visits: 2, all_revenue: '170.50' },
      { client_id: clients.Bob, client: 'Bob', kind: 'new', first_visit: '2025-11-05', last_visit: '2025-11-13', visits: 3, revenue: '120.30', all_visits: 3, all_revenue: '120.30' },
      { client_id: clients.Ann, client: 'Ann', kind: 'returning', first_visit: '2025-10-31', last_visit: '2025-11-26', visits: 3, revenue: '170.50', all_visits: 4, all_revenue: '250.50' },
      { client_id: clients.Dora, client: 'Dora', kind: 'lapsed', first_visit: '2025-08-01', last_visit: '2025-08-01', visits: 0, revenue: '0.00', all_visits: 1, all_revenue: '80.00' },
    ]);
  });

  it('--lapsed lists only those not seen for that long and not booked', async () => {
    // As of 31 December 2025 with 8 weeks (56 days): seen on or before 5 November, nothing booked.
    // Ann (26 Nov) and Cleo (24 Nov) are too recent, Bob came in December, Eve is booked.
    const rows = await json(['report', 'clients', '--month', '2025-12', '--lapsed', '8w', '--json', 'client,kind,last_visit']);
    expect(rows).toEqual([{ client: 'Dora', kind: 'lapsed', last_visit: '2025-08-01' }]);
    // 30 days back from 31 December reaches 1 December: Ann and Cleo have lapsed too.
    const month = await json(['report', 'clients', '--month', '2025-12', '--lapsed', '30d', '--json', 'client']);
    expect(month).toEqual([{ client: 'Ann' }, { client: 'Cleo' }, { client: 'Dora' }]);
  });

  it('refuses a lapse in hours', async () => {
    const result = await home.run(['report', 'clients', '--lapsed', '36h']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--lapsed: expected days or weeks like 60d or 8w; got '36h'");
  });
});

describe('report visits', () => {
  it('counts visits, no-shows and cancellations of the month with their rates', async () => {
    // 10 booked in November: 8 completed, 1 no-show, 1 cancelled. No-show rate 1 / (8 + 1) = 11.1%,
    // cancellation rate 1 / 10 = 10.0%.
    expect(await json(['report', 'visits', '--month', '2025-11', '--json'])).toEqual([
      { month: '2025-11', booked: 10, visits: 8, no_show: 1, cancelled: 1, no_show_rate: 11.1, cancellation_rate: 10 },
    ]);
    const table = await home.run(['report', 'visits', '--month', '2025-11']);
    expect(table.stdout).toBe('2025-11\t10\t8\t1\t1\t11.1%\t10.0%\n');
    expect(table.stderr).toBe('8 visits of 10 booked (2025-11-01 to 2025-11-30).\n');
  });

  it('by service', async () => {
    expect(await json(['report', 'visits', '--month', '2025-11', '--by', 'service', '--json'])).toEqual([
      { service: 'Swedish 60', booked: 5, visits: 4, no_show: 0, cancelled: 1, no_show_rate: 0, cancellation_rate: 20 },
      { service: '(no service)', booked: 3, visits: 3, no_show: 0, cancelled: 0, no_show_rate: 0, cancellation_rate: 0 },
      { service: 'Deep tissue 90', booked: 2, visits: 1, no_show: 1, cancelled: 0, no_show_rate: 50, cancellation_rate: 0 },
    ]);
  });
});
