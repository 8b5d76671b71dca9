// `practice calendar feed` and GET /calendar/v1/<token>.ics over real HTTP, as a calendar app asks:
// no apikey, the practice's window only, initials unless asked, stable UIDs, ETag and 304, valid by
// ical.js, the practice's zone; a rotated URL stops at once; another practice's rows never appear.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../src/model/when.js';
import { signedInHome } from '../helpers/cli.js';
import { createWithApi, signedInCli } from '../helpers/signed-in-cli.js';

const { server, home } = await signedInCli();
const today = todayIn(new Date(), 'Europe/Berlin');

async function feedUrl(args: string[]): Promise<string> {
  const result = await home.run(['calendar', 'feed', ...args]);
  expect(result.code, result.stderr).toBe(0);
  return result.stdout.trim();
}

async function events(url: string): Promise<Array<{ uid: string; summary: string; start: string }>> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  const calendar = new ICAL.Component(ICAL.parse(await response.text()));
  return calendar.getAllSubcomponents('vevent').map((event) => ({
    uid: String(event.getFirstPropertyValue('uid')),
    summary: String(event.getFirstPropertyValue('summary')),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
  }));
}

const client = await createWithApi(home, 'clients', { name: 'Ann Marie Lee' });
const service = await createWithApi(home, 'service_menu', { name: 'Swedish 60', duration: 60, price: 85 });
const booked = await Promise.all([-31, -30, 1, 180, 181].map((days) => createWithApi(home, 'appointments', {
  client_id: client.id, service_id: service.id, date: addDays(today, days), start_time: '10:00', end_time: '11:00',
})));

describe('practice calendar feed', () => {
  it('prints a secret URL whose feed holds the window, with initials, stable UIDs and the practice\'s zone', async () => {
    const url = await feedUrl([]);
    expect(url).toMatch(new RegExp(`^${server.url}/calendar/v1/[A-Za-z0-9_-]{43}\\.ics$`));
    const first = await events(url);
    // 30 days back to 180 ahead: the appointments 31 back and 181 ahead are outside.
    expect(first.map((event) => event.uid)).toEqual([booked[1]!.id, booked[2]!.id, booked[3]!.id].map((id) => `${id}@practice`));
    expect(first.every((event) => event.summary === 'A. M. L. - Swedish 60')).toBe(true);
    // 10:00 in Berlin is 09:00 or 08:00 UTC (winter, summer).
    expect(first[1]!.start.slice(0, 10)).toBe(addDays(today, 1));
    expect(first[1]!.start.slice(11, 16)).toMatch(/^0[89]:00$/);
    expect(await events(url)).toEqual(first);
  });

  it('answers If-None-Match with 304 while nothing changed, and a new ETag after a change', async () => {
    const url = await feedUrl(['--rotate']);
    const response = await fetch(url);
    const etag = response.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    const again = await fetch(url, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect((await fetch(url, { headers: { 'if-none-match': `W/${etag}, "other"` } })).status).toBe(304);
    const moved = await home.run(['api', 'PATCH', 'appointments', '-q', `id=eq.${booked[2]!.id}`, '-f', 'start_time=12:00', '-f', 'end_time=13:00']);
    expect(moved.code, moved.stderr).toBe(0);
    const changed = await fetch(url, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('refuses to make a second URL without --rotate (exit 1, nothing changed); --names full keeps the URL', async () => {
    const url = await feedUrl(['--rotate']);
    const refused = await home.run(['calendar', 'feed']);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain('its URL is shown only when it is made');
    expect(refused.stderr).toContain('practice calendar feed --rotate');
    const full = await home.run(['calendar', 'feed', '--names', 'full', '--json']);
    expect(full.code, full.stderr).toBe(0);
    expect(JSON.parse(full.stdout)).toMatchObject({ url: null, names: 'full', time_zone: 'Europe/Berlin' });
    expect((await events(url)).map((event) => event.summary)).toContain('Ann Marie Lee - Swedish 60');
  });

  it('stops the old URL at once when rotated, and keeps the names choice', async () => {
    const old = await feedUrl(['--rotate', '--names', 'initials']);
    const json = await home.run(['calendar', 'feed', '--rotate', '--json']);
    const rotated = JSON.parse(json.stdout);
    expect(rotated).toMatchObject({ names: 'initials', time_zone: 'Europe/Berlin' });
    expect(rotated.url).not.toBe(old);
    const gone = await fetch(old);
    expect(gone.status).toBe(404);
    expect(await gone.text()).not.toContain(old.split('/').pop());
    expect((await events(rotated.url)).length).toBe(3);
    expect(json.stderr).toBe('');
  });

  it("shows only its own practice: another practice's feed has none of these rows", async () => {
    const other = await signedInHome(server.url, server.keys.anonKey);
    try {
      const result = await other.run(['calendar', 'feed']);
      expect(result.code, result.stderr).toBe(0);
      expect(await events(result.stdout.trim())).toEqual([]);
    } finally {
      await other.cleanup();
    }
  });

  it('answers 404 to a token of the wrong shape or one never issued, without an apikey asked for', async () => {
    for (const file of ['x.ics', `${'A'.repeat(43)}.ics`, `${'A'.repeat(43)}.txt`]) {
      const response = await fetch(`${server.url}/calendar/v1/${file}`);
      expect(response.status, file).toBe(404);
    }
  });

  it('refuses a names choice it does not know (exit 2)', async () => {
    const result = await home.run(['calendar', 'feed', '--names', 'nicknames']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('initials, full');
  });
});
