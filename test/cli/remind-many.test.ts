// `practice remind` over a window of more visits than one request may name: 500 in the next days.
// Its reads by ids (the reminders of the window's visits, their clients) go a hundred ids a
// request, where one `in.(...)` of 500 UUIDs made a request line of about 19 KB, past what hosts
// accept, and the run failed.
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../src/model/when.js';
import { bulk } from '../helpers/report-practice.js';
import { signedInCli } from '../helpers/signed-in-cli.js';

const { server, home } = await signedInCli({ recordRequests: true });
const TIME_ZONE = 'Europe/Berlin'; // the test home's profile
const VISITS = 500;
const SLOTS_A_DAY = 144; // ten minutes each

beforeAll(async () => {
  const clients = await bulk(home, 'POST', 'clients', Array.from({ length: VISITS }, (_, i) => ({ name: `Client ${String(i).padStart(3, '0')}`, phone: `555-${String(i).padStart(4, '0')}` })));
  // From tomorrow on, every ten minutes of four days: inside a week's window whatever the hour now.
  const today = todayIn(new Date(), TIME_ZONE);
  const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  await bulk(home, 'POST', 'appointments', clients.map((client, i) => {
    const start = (i % SLOTS_A_DAY) * 10;
    return { client_id: client.id, date: addDays(today, 1 + Math.floor(i / SLOTS_A_DAY)), start_time: clock(start), end_time: clock(start + 10), status: 'scheduled' };
  }));
}, 60_000);

describe('a reminder window of 500 visits', () => {
  it('remind --dry-run lists a reminder for each, reading them by ids in short requests', async () => {
    server.received.length = 0;
    const result = await home.run(['remind', '--within', '7d', '--dry-run', '--json', 'client_name,phone']);
    expect(result.code, result.stderr).toBe(0);
    const reminders = JSON.parse(result.stdout) as Array<{ client_name: string; phone: string }>;
    expect(reminders).toHaveLength(VISITS);
    expect(new Set(reminders.map((reminder) => reminder.phone)).size).toBe(VISITS);
    const byIds = server.received.filter((request) => request.url.includes('=in.'));
    expect(byIds.length).toBeGreaterThanOrEqual(10); // 500 reminders' and 500 clients' ids, 100 a request
    for (const request of byIds) expect(request.url.length).toBeLessThan(4_500);
  });
});
