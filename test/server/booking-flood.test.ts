// A flood of booking requests against a service with its limits on (issue 31, "Abuse is expected"):
// one address is stopped at the HTTP layer after a few an hour, many addresses by the practice's cap
// on open requests, and meanwhile the practice's own calendar and another practice's reads and
// writes go on, answered correctly and never refused.
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_BOOKING_REQUESTS_PER_HOUR } from '../../src/server/http/booking-limits.js';
import { caller, insert, practice, rows, type Row } from '../helpers/fixtures.js';
import { startTestServer } from '../helpers/server.js';

// Limits on, high enough that the ordinary ones never bind here: what stops the flood is the booking's.
const server = await startTestServer({ rateLimits: { readsPerMinute: 100_000, writesPerMinute: 100_000, authPerMinute: 0 }, trustProxy: '127.0.0.1' });
afterAll(() => server.close());

// As migration 20: open requests one practice holds at most.
const OPEN_REQUESTS_PER_PRACTICE = 30;

const stranger = (ip: string) => caller(server, {
  apikey: server.keys.anonKey, authorization: `Bearer ${server.keys.anonKey}`, 'content-type': 'application/json', 'x-forwarded-for': ip,
});

const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('a flood of booking requests', () => {
  it('is stopped per address and per practice while the calendar and other practices go on', async () => {
    const owner = await practice(server);
    const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
    await insert(owner, 'business_hours', days.map((day_of_week) => ({ day_of_week, open_time: '08:00', close_time: '20:00' })));
    const [service] = await insert(owner, 'service_menu', { name: 'Swedish 30', duration: 30, price: 50 });
    await insert(owner, 'booking_pages', { slug: `flood-${process.pid}`, time_zone: 'UTC', notice_minutes: 0, horizon_days: 20 });
    const [client] = await insert(owner, 'clients', { name: 'Regular Client' });
    const [own] = await insert(owner, 'appointments', { client_id: client!.id, date: dayFromNow(2), start_time: '08:00', end_time: '08:30' });
    const other = await practice(server);
    const [theirClient] = await insert(other, 'clients', { name: 'Their Client' });
    const theirs = await insert(other, 'appointments', { client_id: theirClient!.id, date: dayFromNow(2), start_time: '08:00', end_time: '09:00' });

    const free = await stranger('198.51.100.1').post('/rpc/booking_free_starts', {
      slug: `flood-${process.pid}`, service_id: service!.id, from_day: dayFromNow(3), to_day: dayFromNow(8),
    });
    const starts = (free.body as Row[]).filter((_, index) => index % 2 === 0).map((start) => start.starts_at as string);
    expect(starts.length).toBeGreaterThan(120);
    const ask = (ip: string, n: number) => stranger(ip).post('/rpc/booking_request', {
      slug: `flood-${process.pid}`, service_id: service!.id, starts_at: starts[n], name: `Flood ${n}`, email: `flood${n}@example.com`,
    });

    // Meanwhile the practice and another practice keep working.
    let flooding = true;
    const ordinary = (async () => {
      const answers: Array<[number, number]> = [];
      for (let round = 0; flooding || round < 3; round++) {
        const [mine, yours] = await Promise.all([owner.get('/appointments?select=id&status=eq.scheduled'), other.get('/appointments?select=id,start_time')]);
        answers.push([mine.status, yours.status]);
        expect(mine.body).toEqual([{ id: own!.id }]);
        expect(yours.body).toEqual(theirs.map((row) => ({ id: row.id, start_time: row.start_time })));
        const written = await other.patch(`/appointments?id=eq.${theirs[0]!.id}`, { notes: `round ${round}` });
        answers.push([written.status, written.status]);
      }
      return answers;
    })();

    // One address: a few an hour, the rest refused before the database.
    const fromOne = await Promise.all(Array.from({ length: 40 }, (_, n) => ask('203.0.113.7', n)));
    expect(fromOne.filter((reply) => reply.status === 200)).toHaveLength(DEFAULT_BOOKING_REQUESTS_PER_HOUR);
    const refused = fromOne.filter((reply) => reply.status === 429);
    expect(refused).toHaveLength(40 - DEFAULT_BOOKING_REQUESTS_PER_HOUR);
    expect(refused[0]!.body).toMatchObject({ code: 'over_request_rate_limit', message: expect.stringMatching(/Too many booking requests/) });
    expect(refused[0]!.headers.get('retry-after')).toMatch(/^\d+$/);

    // Many addresses: the practice's cap on open requests holds.
    const fromMany = await Promise.all(Array.from({ length: 60 }, (_, n) => ask(`192.0.2.${n + 1}`, 40 + n)));
    const taken = fromMany.filter((reply) => reply.status === 200).length;
    expect(taken).toBe(OPEN_REQUESTS_PER_PRACTICE - DEFAULT_BOOKING_REQUESTS_PER_HOUR);
    const capped = fromMany.filter((reply) => reply.status === 429);
    expect(capped).toHaveLength(60 - taken);
    expect(capped[0]!.body).toMatchObject({ code: 'PT429', message: expect.stringMatching(/many requests waiting/) });

    flooding = false;
    const answers = await ordinary;
    expect(answers.every(([mine, yours]) => [200, 204].includes(mine) && [200, 204].includes(yours))).toBe(true);
    expect(await rows(owner, '/appointments?select=status&status=eq.requested')).toHaveLength(OPEN_REQUESTS_PER_PRACTICE);
    expect(await rows(owner, `/appointments?select=id,date,start_time,status&id=eq.${own!.id}`)).toEqual([
      { id: own!.id, date: dayFromNow(2), start_time: '08:00', status: 'scheduled' },
    ]);
    expect(await rows(other, '/appointments?select=id&status=eq.requested')).toEqual([]);
  });
});
