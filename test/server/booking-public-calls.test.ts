// The public booking calls (BOOKING-CONTRACT.md) through rpc/ as a stranger, with the anon key as
// apikey and bearer as the page sends it: the page by its slug, its free starts (times only, within
// notice and horizon), and requests (held, refused when taken, the same answer for a known email,
// a honeypot that stores nothing, the page's consent and questions enforced). Tables stay closed.
import { afterAll, describe, expect, it } from 'vitest';
import { caller, createClient, expectError, insert, practice, rows, type Caller, type Practice, type Row } from '../helpers/fixtures.js';
import { startTestServer } from '../helpers/server.js';

const server = await startTestServer();
afterAll(() => server.close());

const stranger: Caller = caller(server, {
  apikey: server.keys.anonKey, authorization: `Bearer ${server.keys.anonKey}`, 'content-type': 'application/json',
});

const QUESTIONS = [
  { id: 'injuries', label: 'Any injuries?', type: 'text', required: true },
  { id: 'first', label: 'First visit?', type: 'yes_no', required: false },
  { id: 'pressure', label: 'Pressure', type: 'choice', choices: ['light', 'firm'], required: false },
];

/** A day `days` from today (UTC), as YYYY-MM-DD. */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

interface Scene {
  owner: Practice;
  slug: string;
  service: Row;
  other: Row;
}

let slugs = 0;
/** A practice open 09:00-17:00 every day (UTC), two services, and a page offering the first. */
async function bookable(page: Row = {}): Promise<Scene> {
  const owner = await practice(server);
  const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
  await insert(owner, 'business_hours', days.map((day_of_week) => ({ day_of_week, open_time: '09:00', close_time: '17:00' })));
  const [service, other] = await insert(owner, 'service_menu', [
    { name: 'Swedish 60', duration: 60, price: 85, buffer_minutes: 15 },
    { name: 'Hot stones', duration: 90, price: 120, buffer_minutes: 0 },
  ]);
  await insert(owner, 'practice_settings', { key: 'practice_name', value: "Anna's Massage" });
  const slug = `anna-${process.pid}-${++slugs}`;
  await insert(owner, 'booking_pages', {
    slug, time_zone: 'UTC', notice_minutes: 60, horizon_days: 10, service_ids: [service!.id],
    consent_text: 'I agree to the terms.', consent_version: 1, questions: QUESTIONS, ...page,
  });
  return { owner, slug, service: service!, other: other! };
}

const request = (s: Scene, fields: Row = {}) => stranger.post('/rpc/booking_request', {
  slug: s.slug, service_id: s.service.id, starts_at: `${dayFromNow(2)}T10:00:00Z`, name: 'Bo Berg', email: 'bo@example.com',
  answers: { injuries: 'none' }, consent_version: 1, ...fields,
});

describe('booking_page', () => {
  it('answers the page by its slug to a stranger: name, zone, consent, questions, offered services only', async () => {
    const s = await bookable();
    const reply = await stranger.post('/rpc/booking_page', { slug: s.slug });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toEqual({
      slug: s.slug, practice_name: "Anna's Massage", time_zone: 'UTC', notice_minutes: 60, horizon_days: 10, instant: false,
      consent: { version: 1, text: 'I agree to the terms.' }, questions: QUESTIONS,
      services: [{ id: s.service.id, name: 'Swedish 60', duration_minutes: 60, price: '85.00' }],
    });
  });

  it('answers an unknown slug and a disabled page alike, 404', async () => {
    const s = await bookable();
    await s.owner.patch(`/booking_pages?slug=eq.${s.slug}`, { enabled: false });
    const disabled = expectError(await stranger.post('/rpc/booking_page', { slug: s.slug }), 404, 'PT404');
    const unknown = expectError(await stranger.post('/rpc/booking_page', { slug: 'no-such-page' }), 404, 'PT404');
    expect(disabled).toEqual(unknown);
    expect(unknown.message).toBe('No booking page at this address.');
  });
});

describe('booking_free_starts', () => {
  it('lists times only, without the bookings, clipped to the horizon', async () => {
    const s = await bookable();
    const client = await createClient(s.owner, { name: 'Secret Person' });
    const day = dayFromNow(3);
    await insert(s.owner, 'appointments', { client_id: client.id, date: day, start_time: '13:00', end_time: '14:00', notes: 'private' });
    const reply = await stranger.post('/rpc/booking_free_starts', { slug: s.slug, service_id: s.service.id, from_day: day, to_day: day });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.text).not.toMatch(/Secret|private/);
    const starts = (reply.body as Row[]).map((start) => start.start_time);
    // 60 minutes and a 15-minute buffer: nothing after 11:45 may start before 14:00.
    expect(starts.slice(0, 3)).toEqual(['09:00', '09:15', '09:30']);
    expect(starts).toContain('11:45');
    expect(starts.filter((start) => start > '11:45' && start < '14:00')).toEqual([]);
    expect(starts).toContain('14:00');
    expect(Object.keys(reply.body[0]).sort()).toEqual(['day', 'start_time', 'starts_at']);
    expect(reply.body[0]).toEqual({ day, start_time: '09:00', starts_at: `${day}T09:00:00+00:00` });
    const beyond = await stranger.post('/rpc/booking_free_starts', { slug: s.slug, service_id: s.service.id, from_day: dayFromNow(11), to_day: dayFromNow(12) });
    expect(beyond.body).toEqual([]);
  });

  it('refuses more than 31 days a call and a service the page does not offer, 400', async () => {
    const s = await bookable();
    const long = expectError(await stranger.post('/rpc/booking_free_starts', { slug: s.slug, service_id: s.service.id, from_day: dayFromNow(0), to_day: dayFromNow(31) }), 400, '22023');
    expect(long.message).toMatch(/at most 31 days/);
    expectError(await stranger.post('/rpc/booking_free_starts', { slug: s.slug, service_id: s.other.id, from_day: dayFromNow(1), to_day: dayFromNow(1) }), 400, '22023');
  });
});

describe('booking_request', () => {
  it('books a held request, which the free starts then leave out, and refuses a second request for it', async () => {
    const s = await bookable();
    const reply = await request(s);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toEqual({ status: 'requested', starts_at: `${dayFromNow(2)}T10:00:00Z`, message: expect.stringMatching(/request/) });
    const [held] = await rows(s.owner, '/appointments?select=status,start_time,end_time,hold_until,client_name');
    expect(held).toMatchObject({ status: 'requested', start_time: '10:00', end_time: '11:00', client_name: 'Bo Berg' });
    expect(new Date(held!.hold_until).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    const [kept] = await rows(s.owner, '/booking_requests?select=email,answers,consent_version,consent_text');
    expect(kept).toEqual({ email: 'bo@example.com', answers: [{ id: 'injuries', label: 'Any injuries?', type: 'text', answer: 'none' }],
      consent_version: 1, consent_text: 'I agree to the terms.' });
    const free = await stranger.post('/rpc/booking_free_starts', { slug: s.slug, service_id: s.service.id, from_day: dayFromNow(2), to_day: dayFromNow(2) });
    expect((free.body as Row[]).map((start) => start.start_time)).not.toContain('10:00');
    const again = expectError(await request(s, { email: 'cy@example.com', name: 'Cy' }), 409, 'PT409');
    expect(again.message).toMatch(/not free/);
  });

  it('gives the same answer whether or not the email is a client, and matches the client', async () => {
    const [known, unknown] = [await bookable(), await bookable()];
    const client = await createClient(known.owner, { name: 'Known Client', email: 'Bo@Example.com' });
    const [first, second] = [await request(known), await request(unknown)];
    expect(first.status).toBe(200);
    expect(first.body).toEqual(second.body);
    expect(await rows(known.owner, '/appointments?select=client_id')).toEqual([{ client_id: client.id }]);
    expect(await rows(known.owner, '/clients?select=name')).toEqual([{ name: 'Known Client' }]);
    expect(await rows(unknown.owner, '/clients?select=name,email')).toEqual([{ name: 'Bo Berg', email: 'bo@example.com' }]);
  });

  it('answers a filled honeypot as a success and stores nothing', async () => {
    const s = await bookable();
    const reply = await request(s, { website: 'http://spam.example' });
    expect(reply.status).toBe(200);
    expect(reply.body.status).toBe('requested');
    expect(await rows(s.owner, '/appointments')).toEqual([]);
    expect(await rows(s.owner, '/clients')).toEqual([]);
  });

  it('books straight to scheduled on an instant page', async () => {
    const s = await bookable({ instant: true });
    expect((await request(s)).body.status).toBe('scheduled');
    expect(await rows(s.owner, '/appointments?select=status,hold_until')).toEqual([{ status: 'scheduled', hold_until: null }]);
  });

  it('refuses, in words for the client, what the page does not allow, storing nothing', async () => {
    const s = await bookable();
    const cases: Array<[Row, number, string, RegExp]> = [
      [{ consent_version: null }, 400, '22023', /agree to the practice's terms/],
      [{ consent_version: 0 }, 400, '22023', /terms have changed/],
      [{ answers: {} }, 400, '22023', /Please answer "Any injuries\?"/],
      // The page trims its answers; anyone else calling may not.
      [{ answers: { injuries: '   ' } }, 400, '22023', /Please answer "Any injuries\?"/],
      [{ answers: { injuries: ' \n\t ' } }, 400, '22023', /Please answer "Any injuries\?"/],
      [{ answers: { injuries: 'no', first: 'maybe' } }, 400, '22023', /yes or no/],
      [{ answers: { injuries: 'no', pressure: 'deep' } }, 400, '22023', /one of its choices/],
      [{ answers: { injuries: 'no', unknown: 'x' } }, 400, '22023', /does not ask/],
      [{ name: 'x'.repeat(201) }, 400, '22001', /Your name is too long: at most 200/],
      [{ email: 'not-an-email' }, 400, '22023', /email address/],
      [{ phone: '1'.repeat(41) }, 400, '22001', /phone number is too long/],
      [{ starts_at: `${dayFromNow(0)}T00:00:00Z` }, 400, '22023', /cannot be booked here/],
      [{ starts_at: `${dayFromNow(2)}T10:05:00Z` }, 409, 'PT409', /not free/],
      [{ service_id: s.other.id }, 400, '22023', /not offered/],
    ];
    for (const [fields, status, code, message] of cases) {
      const refused = expectError(await request(s, fields), status, code);
      expect(refused.message, JSON.stringify(fields)).toMatch(message);
    }
    expect(await rows(s.owner, '/appointments')).toEqual([]);
    expect(await rows(s.owner, '/clients')).toEqual([]);
  });

  it('limits requests per email an hour and open requests per email, 429', async () => {
    const s = await bookable();
    expect((await request(s, { starts_at: `${dayFromNow(2)}T09:00:00Z` })).status).toBe(200);
    expect((await request(s, { starts_at: `${dayFromNow(2)}T11:00:00Z` })).status).toBe(200);
    const open = expectError(await request(s, { starts_at: `${dayFromNow(2)}T14:00:00Z` }), 429, 'PT429');
    expect(open.message).toMatch(/already have requests waiting/);
    expect(await rows(s.owner, '/appointments?select=id')).toHaveLength(2);
  });

  it('lets an expired hold go: its slot is free again and a new request takes it', async () => {
    const s = await bookable();
    expect((await request(s)).status).toBe(200);
    await server.db.query(`update public.appointments set hold_until = now() - interval '1 minute' where therapist_id = $1`, [s.owner.id]);
    const free = await stranger.post('/rpc/booking_free_starts', { slug: s.slug, service_id: s.service.id, from_day: dayFromNow(2), to_day: dayFromNow(2) });
    expect((free.body as Row[]).map((start) => start.start_time)).toContain('10:00');
    const series = await s.owner.post('/rpc/series_check', { occurrences: [{ date: dayFromNow(2), start_time: '10:00', end_time: '11:00' }] });
    expect(series.body).toEqual([]);
    expect((await request(s, { email: 'cy@example.com', name: 'Cy' })).status).toBe(200);
    expect(await rows(s.owner, '/appointments?select=client_name,status&order=client_name')).toEqual([
      { client_name: 'Bo Berg', status: 'cancelled' }, { client_name: 'Cy', status: 'requested' },
    ]);
  });
});

describe('closed to strangers', () => {
  it('reads no row of the booking tables and writes none', async () => {
    const s = await bookable();
    expect((await request(s)).status).toBe(200);
    for (const table of ['booking_pages', 'booking_requests', 'appointments', 'clients']) {
      expect(await rows(stranger, `/${table}`)).toEqual([]);
    }
    expectError(await stranger.post('/booking_pages', { slug: 'stolen', time_zone: 'UTC' }), 401, '42501');
    expectError(await stranger.patch(`/booking_pages?slug=eq.${s.slug}`, { instant: true }), 401, '42501');
  });

  it('answers injection through every field as data, reaches no private function, and lists no slug', async () => {
    const s = await bookable();
    const other = await bookable();
    for (const slug of [`${s.slug}' or '1'='1`, `%`, `${s.slug}%`, `'; delete from public.booking_pages; --`]) {
      expectError(await stranger.post('/rpc/booking_page', { slug }), 404, 'PT404');
    }
    const hostile = "Robert'); delete from public.clients; --";
    expect((await request(s, { name: hostile, email: 'bobby@example.com' })).status).toBe(200);
    expect(await rows(s.owner, '/clients?select=name')).toEqual([{ name: hostile }]);
    // A request names its page; it cannot book the other practice's service through this one.
    expectError(await request(s, { service_id: other.service.id, starts_at: `${dayFromNow(2)}T14:00:00Z` }), 400, '22023');
    expect(await rows(other.owner, '/appointments')).toEqual([]);
    // The answers behind the page are the signed-in practice's alone (a stranger may not execute them:
    // 42501, 401 as PostgREST answers anon); the helpers are not in the API at all.
    expectError(await stranger.post('/rpc/free_slots', { day_from: dayFromNow(2), day_to: dayFromNow(2), length_minutes: 60 }), 401, '42501');
    expectError(await stranger.post('/rpc/enter_booking_page', { page_slug: s.slug }), 404, 'PGRST202');
    expect(await rows(stranger, '/booking_pages?select=slug')).toEqual([]);
  });

  it('records the request, its consent and answers in the practice\'s audit trail', async () => {
    const s = await bookable();
    expect((await request(s)).status).toBe(200);
    const [entry] = await rows(s.owner, '/audit_log?table_name=eq.booking_requests&select=action,actor_role,changes');
    expect(entry).toMatchObject({ action: 'insert', actor_role: 'anon' });
    expect(entry!.changes.consent_text).toEqual({ new: 'I agree to the terms.' });
    expect(entry!.changes.answers.new).toEqual([{ id: 'injuries', label: 'Any injuries?', type: 'text', answer: 'none' }]);
  });

  it('restores the caller after a call: the practice set for it does not outlive it', async () => {
    const s = await bookable();
    const after = await server.db.transaction(async (tx) => {
      await tx.query(`select set_config('role', 'anon', true), set_config('request.jwt.claims', '{"role":"anon"}', true)`);
      await tx.query('select public.booking_page($1)', [s.slug]);
      return tx.query<{ uid: string | null; claims: string }>(`select auth.uid() as uid, current_setting('request.jwt.claims') as claims`);
    });
    expect(after, JSON.stringify(after)).toEqual([{ uid: null, claims: '{"role":"anon"}' }]);
  });
});
