// Reports past the service's 1000-row read cap: the rows stay in the database, which adds them up in
// numeric (migration 12), so 2500 appointments of 0.10 each come to 250.00 exactly (as floats, 2500 x
// 0.1 comes to 250.00000000003) in one request of one row a month, with no page of rows read.
import { beforeAll, describe, expect, it } from 'vitest';
import { bulk } from '../helpers/report-practice.js';
import { signedInCli } from '../helpers/signed-in-cli.js';

const { server, home } = await signedInCli({ recordRequests: true });
const VISITS = 2500;

beforeAll(async () => {
  const [client] = await bulk(home, 'POST', 'clients', [{ name: 'Ann' }]);
  // Four a day from 1 January 2024, an hour apart: 625 days, into September 2025.
  const day = (index: number) => new Date(Date.UTC(2024, 0, 1 + Math.floor(index / 4))).toISOString().slice(0, 10);
  const rows = Array.from({ length: VISITS }, (_, i) => ({
    client_id: client!.id, date: day(i), start_time: `${String(8 + (i % 4)).padStart(2, '0')}:00`, end_time: `${String(8 + (i % 4)).padStart(2, '0')}:45`,
    status: 'completed', price: 0.1,
  }));
  await bulk(home, 'POST', 'appointments', rows);
  server.received.length = 0;
});

describe('a report past the row cap', () => {
  it('is one rpc request whatever the rows, and sums the cents exactly', async () => {
    const result = await home.run(['report', 'revenue', '--from', '2024-01-01', '--to', '2025-12-31', '--by', 'month', '--json', 'month,completed,revenue', '--verbose']);
    expect(result.code, result.stderr).toBe(0);
    const months = JSON.parse(result.stdout) as Array<{ month: string; completed: number; revenue: string }>;
    expect(months).toHaveLength(24);
    // January 2024: 31 days x 4 = 124 visits, 12.40.
    expect(months[0]).toEqual({ month: '2024-01', completed: 124, revenue: '12.40' });
    expect(months.reduce((sum, month) => sum + month.completed, 0)).toBe(VISITS);
    expect(result.stderr).toContain(`Total 250.00 from ${VISITS} completed appointments`);

    expect(server.received.filter((request) => request.url.startsWith('/rest/v1/')).map((request) => request.url)).toEqual(['/rest/v1/rpc/revenue_report']);
  });

  it('profit and loss is one request too', async () => {
    server.received.length = 0;
    const result = await home.run(['report', 'pnl', '--month', '2024-02', '--json']);
    // February 2024 has 29 days: 116 visits at 0.10.
    expect(JSON.parse(result.stdout)).toEqual([{ month: '2024-02', revenue: '11.60', expenses: '0.00', net: '11.60' }]);
    expect(server.received.filter((request) => request.url.startsWith('/rest/v1/')).map((request) => request.url)).toEqual(['/rest/v1/rpc/pnl_by_month']);
  });
});
