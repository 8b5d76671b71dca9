// `practice booking` and the requests it brings, against a real server: the page turned on with its
// services, notice, horizon and hold, its consent and questions; a stranger's requests through rpc/;
// `appt requests`, `appt accept` and `appt decline`; the client told of each through the --exec hook
// (PRACTICE_REMINDER_KIND requested, accepted, declined), the answer alone when nothing was told
// before it; the page turned off. In order.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/server.js';
import { signedInHome } from '../helpers/cli.js';
import { createWithApi, signedInCli } from '../helpers/signed-in-cli.js';

const { server, home } = await signedInCli();
// Slugs are unique across practices, and the worker's database may hold earlier files' pages.
const SLUG = `anna-massage-${randomUUID().slice(0, 8)}`;
const ids: Record<string, string> = {};
let dir: string;

/** A stranger's call of a public booking function, as the page makes it. */
const publicCall = (name: string, body: unknown) => call(`${server.rest}/rpc/${name}`, {
  method: 'POST', body: JSON.stringify(body),
  headers: { apikey: server.keys.anonKey, authorization: `Bearer ${server.keys.anonKey}`, 'content-type': 'application/json' },
});

const EXEC = (log: string) => `printf '%s|%s|%s\\n' "$PRACTICE_REMINDER_KIND" "$PRACTICE_CLIENT_EMAIL" "$PRACTICE_MESSAGE" >> ${log}`;
const lines = async (log: string) => (await readFile(log, 'utf8').catch(() => '')).trim().split('\n').filter(Boolean).sort();

/** The first two free starts of the service on the day `daysAhead` from now. */
async function twoStarts(daysAhead = 3): Promise<string[]> {
  const day = new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
  const free = await publicCall('booking_free_starts', { slug: SLUG, service_id: ids.swedish, from_day: day, to_day: day });
  expect(free.status, free.text).toBe(200);
  return (free.body as Array<{ starts_at: string }>).slice(0, 8).filter((_, index) => index % 4 === 0).map((start) => start.starts_at);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'practice-booking-'));
  ids.swedish = (await createWithApi(home, 'service_menu', { name: 'Swedish 60', duration: 60, price: 85 })).id;
  ids.stones = (await createWithApi(home, 'service_menu', { name: 'Hot stones', duration: 90, price: 120 })).id;
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('practice booking', () => {
  it('says how to turn the page on when there is none, and wants a slug the first time', async () => {
    const none = await home.run(['booking']);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('This practice has no booking page.');
    expect(none.stderr).toContain('practice booking enable --slug');
    const noSlug = await home.run(['booking', 'enable']);
    expect(noSlug.code).toBe(2);
    expect(noSlug.stderr).toContain('--slug: the first time');
    const badSlug = await home.run(['booking', 'enable', '--slug', 'Anna Massage!']);
    expect(badSlug.code).toBe(2);
    const badSpan = await home.run(['booking', 'enable', '--slug', SLUG, '--notice', 'soon']);
    expect(badSpan.code).toBe(2);
    expect(badSpan.stderr).toContain("--notice: expected a span like 90m, 24h or 2d");
    expect((await home.run(['booking'])).code).toBe(1);
  });

  it('turns the page on with its services, notice, horizon and hold', async () => {
    const result = await home.run(['booking', 'enable', '--slug', SLUG, '--services', 'Swedish 60', '--notice', '2h', '--horizon', '14d', '--hold', '12h', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      slug: SLUG, enabled: true, address: `${server.url}/book/${SLUG}`, services: ['Swedish 60'],
      notice_minutes: 120, horizon_days: 14, hold_minutes: 720, instant: false, time_zone: 'Europe/Berlin',
    });
    const page = await publicCall('booking_page', { slug: SLUG });
    expect(page.body.services).toEqual([{ id: ids.swedish, name: 'Swedish 60', duration_minutes: 60, price: '85.00' }]);
  });

  it('lists the services the page offers: not one retired since', async () => {
    const retiring = (await createWithApi(home, 'service_menu', { name: 'Cupping 30', duration: 30, price: 40 })).id;
    expect((await home.run(['booking', 'enable', '--services', 'Swedish 60,Cupping 30'])).code).toBe(0);
    expect((await home.run(['service', 'retire', retiring.slice(0, 8), '--yes'])).code).toBe(0);
    expect(JSON.parse((await home.run(['booking', 'show', '--json', 'services'])).stdout)).toEqual({ services: ['Swedish 60'] });
    expect((await publicCall('booking_page', { slug: SLUG })).body.services.map((offered: any) => offered.name)).toEqual(['Swedish 60']);
  });

  it('says so when another practice on the service has the address already', async () => {
    const other = await signedInHome(server.url, server.keys.anonKey);
    try {
      expect((await other.run(['service', 'add', '--name', 'Reiki', '--duration', '30', '--price', '50'])).code).toBe(0);
      const taken = await other.run(['booking', 'enable', '--slug', SLUG]);
      expect(taken.code).toBe(1);
      expect(taken.stderr).toContain(`--slug: the address ${SLUG} is taken on this service.`);
      expect((await other.run(['booking'])).stderr).toContain('This practice has no booking page.');
    } finally {
      await other.cleanup();
    }
  });

  it('moves the page to the profile\'s time zone when it is enabled again', async () => {
    const [profile] = JSON.parse((await home.run(['profile', 'list', '--json'])).stdout).filter((row: any) => row.active);
    expect((await home.run(['profile', 'add', profile.name, '--time-zone', 'America/New_York'])).code).toBe(0);
    try {
      const moved = await home.run(['booking', 'enable']);
      expect(moved.code, moved.stderr).toBe(0);
      expect(moved.stderr).toContain('The page now shows times in America/New_York (it showed Europe/Berlin)');
      expect((await publicCall('booking_page', { slug: SLUG })).body.time_zone).toBe('America/New_York');
    } finally {
      expect((await home.run(['profile', 'add', profile.name, '--time-zone', 'Europe/Berlin'])).code).toBe(0);
    }
    const back = await home.run(['booking', 'enable', '--json', 'time_zone']);
    expect(JSON.parse(back.stdout)).toEqual({ time_zone: 'Europe/Berlin' });
  });

  it('sets the consent text, each change a new version, and the intake questions', async () => {
    const consent = await home.run(['booking', 'consent', '--text', 'I agree to the cancellation policy.', '--json', 'consent_version,consent_text']);
    expect(consent.code, consent.stderr).toBe(0);
    expect(JSON.parse(consent.stdout)).toEqual({ consent_version: 1, consent_text: 'I agree to the cancellation policy.' });
    const again = await home.run(['booking', 'consent', '--text', 'I agree to the cancellation policy (24 hours).', '--json', 'consent_version']);
    expect(JSON.parse(again.stdout)).toEqual({ consent_version: 2 });
    expect((await home.run(['booking', 'consent'])).code).toBe(2);
    for (const argv of [
      ['--id', 'injuries', '--label', 'Any injuries?', '--required'],
      ['--id', 'first', '--label', 'First visit?', '--type', 'yes-no'],
      ['--id', 'pressure', '--label', 'Pressure', '--type', 'choice', '--choices', 'light,firm'],
    ]) {
      const added = await home.run(['booking', 'questions', 'add', ...argv]);
      expect(added.code, added.stderr).toBe(0);
    }
    const badChoice = await home.run(['booking', 'questions', 'add', '--id', 'x', '--label', 'X', '--type', 'choice', '--choices', 'one']);
    expect(badChoice.code).toBe(2);
    const twice = await home.run(['booking', 'questions', 'add', '--id', 'first', '--label', 'Again?']);
    expect(twice.code).toBe(1);
    // --json prints the question added or removed, not the page's whole list.
    const added = await home.run(['booking', 'questions', 'add', '--id', 'allergies', '--label', 'Allergies?', '--json']);
    expect(JSON.parse(added.stdout)).toEqual({ id: 'allergies', label: 'Allergies?', type: 'text', required: false });
    expect(JSON.parse((await home.run(['booking', 'questions', 'remove', 'allergies', '--json', 'id'])).stdout)).toEqual({ id: 'allergies' });
    const removed = await home.run(['booking', 'questions', 'remove', 'pressure']);
    expect(removed.code, removed.stderr).toBe(0);
    const listed = await home.run(['booking', 'questions', '--json', 'id,type,required']);
    expect(JSON.parse(listed.stdout)).toEqual([
      { id: 'injuries', type: 'text', required: true }, { id: 'first', type: 'yes_no', required: false },
    ]);
    const page = await publicCall('booking_page', { slug: SLUG });
    expect(page.body.consent).toEqual({ version: 2, text: 'I agree to the cancellation policy (24 hours).' });
    expect(page.body.questions).toHaveLength(2);
  });

  it('lists the requests strangers make, and tells each client it arrived', async () => {
    const [first, second] = await twoStarts();
    for (const [starts_at, name, email] of [[first, 'Bo Berg', 'bo@example.com'], [second, 'Cy Dahl', 'cy@example.com']] as const) {
      const reply = await publicCall('booking_request', {
        slug: SLUG, service_id: ids.swedish, starts_at, name, email, answers: { injuries: 'none', first: true }, consent_version: 2,
      });
      expect(reply.status, reply.text).toBe(200);
    }
    const requests = await home.run(['appt', 'requests', '--json', 'id,client_name,status,hold_until']);
    expect(requests.code, requests.stderr).toBe(0);
    const rows = JSON.parse(requests.stdout) as Array<Record<string, string>>;
    expect(rows.map((row) => [row.client_name, row.status])).toEqual([['Bo Berg', 'requested'], ['Cy Dahl', 'requested']]);
    ids.bo = rows[0]!.id!;
    ids.cy = rows[1]!.id!;
    // The table says until when each is held on the practice's clocks (Europe/Berlin), as its times are.
    const held = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin', dateStyle: 'short', timeStyle: 'short' }).format(new Date(rows[0]!.hold_until!));
    expect((await home.run(['appt', 'requests'])).stdout).toContain(`until ${held}`);
    const log = join(dir, 'requested.txt');
    const sent = await home.run(['remind', '--channel', 'email', '--exec', EXEC(log)]);
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.stderr).toContain('2 request received notices');
    expect((await lines(log)).map((line) => line.split('|').slice(0, 2).join('|'))).toEqual(['requested|bo@example.com', 'requested|cy@example.com']);
    const quiet = await home.run(['remind', '--channel', 'email', '--exec', EXEC(log)]);
    expect(quiet.stderr).toContain('Sent 0 reminders.');
  });

  it('accepts one and declines the other with a reason; each client hears the answer once', async () => {
    const accepted = await home.run(['appt', 'accept', ids.bo!.slice(0, 8), '--json', 'status']);
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(JSON.parse(accepted.stdout)).toEqual({ status: 'scheduled' });
    const declined = await home.run(['appt', 'decline', ids.cy!.slice(0, 8), '--reason', 'Away that week', '--json', 'status,notes']);
    expect(declined.code, declined.stderr).toBe(0);
    expect(JSON.parse(declined.stdout)).toEqual({ status: 'cancelled', notes: 'Declined: Away that week' });
    // Run again (a tired person): the answer stands, nothing changes, exit 0.
    const again = await home.run(['appt', 'accept', ids.bo!.slice(0, 8)]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('Already accepted:');
    expect(again.stderr).toContain('nothing changed');
    const declinedAgain = await home.run(['appt', 'decline', ids.cy!.slice(0, 8), '--json', 'status']);
    expect(declinedAgain.code, declinedAgain.stderr).toBe(0);
    expect(JSON.parse(declinedAgain.stdout)).toEqual({ status: 'cancelled' });
    // The other answer is no re-run: an accepted request is not declined (cancel it instead).
    const notRequest = await home.run(['appt', 'decline', ids.bo!.slice(0, 8)]);
    expect(notRequest.code).toBe(1);
    expect(notRequest.stderr).toContain('is not a request waiting for an answer');
    const log = join(dir, 'answers.txt');
    const sent = await home.run(['remind', '--channel', 'email', '--exec', EXEC(log)]);
    expect(sent.code, sent.stderr).toBe(0);
    const answers = await lines(log);
    expect(answers.map((line) => line.split('|').slice(0, 2).join('|'))).toEqual(['accepted|bo@example.com', 'declined|cy@example.com']);
    expect(answers[0]).toMatch(/is confirmed/);
    expect((await home.run(['appt', 'requests', '--json'])).stdout.trim()).toBe('[]');
  });

  it('tells the answer to requests answered before any run told their clients they arrived, once', async () => {
    const [first, second] = await twoStarts(4);
    for (const [starts_at, name, email] of [[first, 'Dee Falk', 'dee@example.com'], [second, 'Eve Gray', 'eve@example.com']] as const) {
      const reply = await publicCall('booking_request', {
        slug: SLUG, service_id: ids.swedish, starts_at, name, email, answers: { injuries: 'none', first: true }, consent_version: 2,
      });
      expect(reply.status, reply.text).toBe(200);
    }
    const rows = JSON.parse((await home.run(['appt', 'requests', '--json', 'id,client_name'])).stdout) as Array<Record<string, string>>;
    const idOf = (name: string) => rows.find((row) => row.client_name === name)!.id!.slice(0, 8);
    expect((await home.run(['appt', 'accept', idOf('Dee Falk')])).code).toBe(0);
    expect((await home.run(['appt', 'decline', idOf('Eve Gray')])).code).toBe(0);
    const log = join(dir, 'untold-answers.txt');
    const sent = await home.run(['remind', '--channel', 'email', '--exec', EXEC(log)]);
    expect(sent.code, sent.stderr).toBe(0);
    expect((await lines(log)).map((line) => line.split('|').slice(0, 2).join('|'))).toEqual(['accepted|dee@example.com', 'declined|eve@example.com']);
    const quiet = await home.run(['remind', '--channel', 'email', '--exec', EXEC(log)]);
    expect(quiet.stderr).toContain('Sent 0 reminders.');
  });

  it('shows a request whose hold ran out as such, and accepts it while its time is still free', async () => {
    const [start] = await twoStarts(5);
    const reply = await publicCall('booking_request', {
      slug: SLUG, service_id: ids.swedish, starts_at: start, name: 'Fay Holm', email: 'fay@example.com', answers: { injuries: 'none', first: true }, consent_version: 2,
    });
    expect(reply.status, reply.text).toBe(200);
    await server.db.query(`update public.appointments set hold_until = now() - interval '1 minute' where status = 'requested'`);
    const day = (offset: number) => new Date(Date.parse(start!) + offset * 86_400_000).toISOString().slice(0, 10);
    const listed = await home.run(['appt', 'list', '--from', day(-1), '--to', day(1), '--status', 'requested']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('requested (hold expired)');
    const exported = await home.run(['appt', 'export', '--from', day(-1), '--to', day(1), '--format', 'ics']);
    expect(exported.stdout).toContain('SUMMARY:Request (hold expired): Fay Holm - Swedish 60\r\nSTATUS:TENTATIVE\r\nTRANSP:TRANSPARENT\r\n');
    const [request] = JSON.parse((await home.run(['appt', 'requests', '--json', 'id'])).stdout) as Array<{ id: string }>;
    expect((await home.run(['appt', 'requests'])).stdout).toContain('expired');
    const accepted = await home.run(['appt', 'accept', request!.id.slice(0, 8)]);
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(accepted.stderr).toContain('Its hold had run out, but the time was still free: it is booked now.');
  });

  it('shows the consent agreed and the answers given with the client', async () => {
    const shown = await home.run(['client', 'show', 'Bo Berg']);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/consent: version 2, agreed .* UTC: "I agree to the cancellation policy \(24 hours\)\."/);
    expect(shown.stdout).toContain('Any injuries?  none');
    expect(shown.stdout).toContain('First visit?  yes');
    const json = JSON.parse((await home.run(['client', 'show', 'Bo Berg', '--json'])).stdout);
    expect(json.booking_intake).toEqual({
      requested_at: expect.any(String),
      consent: { version: 2, agreed_at: expect.any(String), text: 'I agree to the cancellation policy (24 hours).' },
      answers: [{ question: 'Any injuries?', answer: 'none' }, { question: 'First visit?', answer: true }],
    });
  });

  it('turns the page off: its address answers as an unknown one', async () => {
    const off = await home.run(['booking', 'disable']);
    expect(off.code, off.stderr).toBe(0);
    const page = await publicCall('booking_page', { slug: SLUG });
    expect(page.status).toBe(404);
    expect(page.body.message).toBe('No booking page at this address.');
    const again = await home.run(['booking', 'disable']);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('already off');
    const show = await home.run(['booking', 'show', '--json', 'slug,enabled']);
    expect(JSON.parse(show.stdout)).toEqual({ slug: SLUG, enabled: false });
  });

  it('warns that a practice without opening hours offers every time of day, until hours are set', async () => {
    const open = await home.run(['booking', 'enable']);
    expect(open.code, open.stderr).toBe(0);
    expect(open.stderr).toContain('No opening hours are set, so the page offers every time of day, 00:00 to 23:59.');
    expect((await home.run(['hours', 'set', 'mon-fri', '9am-5pm'])).code).toBe(0);
    const withHours = await home.run(['booking', 'enable']);
    expect(withHours.code, withHours.stderr).toBe(0);
    expect(withHours.stderr).not.toContain('No opening hours');
  });
});
