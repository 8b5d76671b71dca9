// GET /calendar/v1/<token>.ics on every store (PGlite, PostgreSQL, a Supabase-shaped database): the
// owner-only lookup finds the practice by the token's digest, the events are read as that practice,
// and a token of no feed, or of a feed deleted a moment ago, answers 404. The CLI side:
// test/cli/calendar-feed.test.ts.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createAppointment, insert, practice, type Practice } from '../helpers/fixtures.js';
import { startTestServer } from '../helpers/server.js';

const server = await startTestServer();
afterAll(() => server.close());

async function feedOf(owner: Practice, fields: Record<string, unknown> = {}): Promise<{ url: string; id: string }> {
  const token = randomBytes(32).toString('base64url');
  const [feed] = await insert(owner, 'calendar_feeds', { token_digest: createHash('sha256').update(token).digest('hex'), time_zone: 'UTC', ...fields });
  return { url: `${server.url}/calendar/v1/${token}.ics`, id: feed!.id };
}

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

describe('the calendar feed', () => {
  it("serves each practice's own appointments only, with initials unless full names were chosen", async () => {
    const [ann, bea] = [await practice(server), await practice(server)];
    await createAppointment(ann, { date: tomorrow(), start_time: '10:00', end_time: '11:00' });
    await createAppointment(bea, { date: tomorrow(), start_time: '12:00', end_time: '13:00' });
    const annFeed = await feedOf(ann);
    const beaFeed = await feedOf(bea, { full_names: true });
    const annText = await (await fetch(annFeed.url)).text();
    const beaText = await (await fetch(beaFeed.url)).text();
    expect(annText.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(annText).toContain(`DTSTART:${tomorrow().replace(/-/g, '')}T100000Z`);
    expect(annText).not.toContain('T120000Z');
    expect(beaText.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(beaText).toContain('T120000Z');
    // Both clients are the fixtures' Ann Lee: initials in Ann's feed, the whole name in Bea's.
    expect(annText).toContain('SUMMARY:A. L.\r\n');
    expect(beaText).toContain('SUMMARY:Ann Lee\r\n');
  });

  it('answers 404 as soon as the feed is deleted (a rotation), and for a token never issued', async () => {
    const owner = await practice(server);
    const feed = await feedOf(owner);
    const got = await fetch(feed.url);
    expect(got.status).toBe(200);
    // HEAD, as calendar apps and link checkers ask: GET's headers, no body.
    const head = await fetch(feed.url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(got.headers.get('etag'));
    expect(head.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(await head.text()).toBe('');
    expect((await owner.delete(`/calendar_feeds?id=eq.${feed.id}`)).status).toBe(204);
    expect((await fetch(feed.url)).status).toBe(404);
    expect((await fetch(feed.url, { method: 'HEAD' })).status).toBe(404);
    expect((await fetch(`${server.url}/calendar/v1/${randomBytes(32).toString('base64url')}.ics`)).status).toBe(404);
  });

  it("names the calendar after the practice, and shows a request as one, holding no time once its hold ran out", async () => {
    const owner = await practice(server);
    await insert(owner, 'practice_settings', { key: 'practice_name', value: 'Anna Massage' });
    const hold = new Date(Date.now() + 3_600_000).toISOString();
    const request = await createAppointment(owner, { date: tomorrow(), start_time: '10:00', end_time: '11:00', status: 'requested', hold_until: hold });
    const feed = await feedOf(owner);
    const waiting = await fetch(feed.url);
    const waitingText = await waiting.text();
    expect(waitingText).toContain('\r\nX-WR-CALNAME:Anna Massage\r\n');
    expect(waitingText).toContain('SUMMARY:Request: A. L.\r\nSTATUS:TENTATIVE\r\nTRANSP:OPAQUE\r\n');
    // The hold runs out with nothing written: the feed tells it all the same, under a new ETag.
    await server.db.query(`update public.appointments set hold_until = now() - interval '1 minute' where id = $1`, [request.id]);
    const lapsed = await fetch(feed.url, { headers: { 'if-none-match': waiting.headers.get('etag')! } });
    expect(lapsed.status).toBe(200);
    expect(lapsed.headers.get('etag')).not.toBe(waiting.headers.get('etag'));
    expect(await lapsed.text()).toContain('SUMMARY:Request (hold expired): A. L.\r\nSTATUS:TENTATIVE\r\nTRANSP:TRANSPARENT\r\n');
  });

  it('keeps the lookup from every API role: it is not served by rpc/', async () => {
    const owner = await practice(server);
    const reply = await owner.post('/rpc/calendar_feed_owner', { token_digest: '0'.repeat(64) });
    expect(reply.status).toBe(404);
  });
});
