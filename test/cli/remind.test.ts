// `practice remind` against a real server: each appointment due gets exactly one reminder, even from
// two runs at once; a failing --exec command leaves its reminder unsent (exit 1) for the next run;
// sent reminders are in the conversation log. The cases build on each other in order.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateTimeIn } from '../../src/model/when.js';
import { launchPractice } from '../helpers/cli.js';
import { createWithApi, signedInCli } from '../helpers/signed-in-cli.js';

const { server, home } = await signedInCli({ recordRequests: true });
const TIME_ZONE = 'Europe/Berlin'; // the test home's profile
const ids: Record<string, string> = {};
let dir: string;

/** A 10-minute appointment starting `hours` from now on the practice's clock (kept inside its day). */
async function bookIn(hours: number, client: string, status = 'scheduled'): Promise<string> {
  let [date, start] = dateTimeIn(new Date(Date.now() + hours * 3_600_000), TIME_ZONE).split(' ') as [string, string];
  if (start >= '23:45') start = '23:40';
  const minutes = Number(start.slice(0, 2)) * 60 + Number(start.slice(3)) + 10;
  const end = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return (await createWithApi(home, 'appointments', { client_id: ids[client]!, date, start_time: start, end_time: end, status })).id;
}

async function get(table: string, ...filters: string[]): Promise<Array<Record<string, any>>> {
  const result = await home.run(['api', 'GET', table, ...filters.flatMap((filter) => ['-q', filter])]);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

const writes = () => server.received.filter((request) => request.method !== 'GET');

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'practice-remind-'));
  ids.ann = (await createWithApi(home, 'clients', { name: 'Ann Lee', phone: '555-0100', email: 'ann@example.com' })).id;
  ids.bob = (await createWithApi(home, 'clients', { name: 'Bob Stone', phone: '555-0101' })).id;
  ids.cy = (await createWithApi(home, 'clients', { name: 'Cy Fail', phone: '555-0102' })).id;
  ids.dee = (await createWithApi(home, 'clients', { name: 'Dee Nophone', email: 'dee@example.com' })).id;
  ids.annSoon = await bookIn(2, 'ann');
  ids.bobSoon = await bookIn(3, 'bob', 'confirmed');
  ids.deeSoon = await bookIn(4, 'dee');
  // Not due: started already, too far ahead, cancelled.
  await bookIn(-1, 'ann');
  await bookIn(30, 'bob');
  await bookIn(5, 'bob', 'cancelled');
});

afterAll(() => rm(dir, { recursive: true, force: true }));

describe('practice remind', () => {
  it('--dry-run shows what would go out and records nothing', async () => {
    server.received.length = 0;
    const result = await home.run(['remind', '--within', '24h', '--dry-run', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const shown = JSON.parse(result.stdout);
    expect(shown.map((reminder: any) => [reminder.client_name, reminder.channel, reminder.phone])).toEqual([
      ['Ann Lee', 'sms', '555-0100'], ['Bob Stone', 'sms', '555-0101'],
    ]);
    expect(shown[0].message).toMatch(/^Hi Ann, a reminder of your appointment on \w+day \d{4}-\d{2}-\d{2} at \d{2}:\d{2}\./);
    expect(result.stderr).toContain('Dee Nophone has no phone: no sms reminder');
    expect(writes()).toEqual([]);
  });

  it('two runs at once send each reminder exactly once, and log it once', async () => {
    const sentLog = join(dir, 'sent.txt');
    // The sleep keeps both runs sending at the same time.
    const exec = `sleep 0.2; printf '%s|%s|%s|%s|%s\\n' "$PRACTICE_CLIENT_NAME" "$PRACTICE_CLIENT_PHONE" "$PRACTICE_DATE" "$PRACTICE_TIME" "$PRACTICE_MESSAGE" >> ${sentLog}`;
    const runs = await Promise.all([1, 2].map(() => home.run(['remind', '--within', '24h', '--exec', exec, '--template', '{name}: {day} {time}'])));
    for (const run of runs) expect(run.code, run.stderr).toBe(0);
    const lines = (await readFile(sentLog, 'utf8')).trim().split('\n').sort();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Ann Lee\|555-0100\|\d{4}-\d{2}-\d{2}\|\d{2}:\d{2}\|Ann Lee: \w+day \d{2}:\d{2}$/);
    expect(lines[1]).toMatch(/^Bob Stone\|555-0101\|/);
    const logged = await get('conversation_log', 'role=eq.assistant', 'order=created_at');
    expect(logged.map((message) => [message.client_id, message.channel])).toEqual(expect.arrayContaining([[ids.ann, 'sms'], [ids.bob, 'sms']]));
    expect(logged).toHaveLength(2);
    expect(logged.find((message) => message.client_id === ids.ann)!.message).toBe(lines[0]!.split('|')[4]);
    const reminders = await get('reminders', 'order=created_at');
    expect(reminders.map((reminder) => reminder.state)).toEqual(['sent', 'sent']);

    // A later run finds nothing to send.
    const again = await home.run(['remind', '--within', '24h', '--exec', exec]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('Sent 0 reminders.');
    expect((await readFile(sentLog, 'utf8')).trim().split('\n')).toHaveLength(2);
  });

  it('a failing --exec leaves that reminder unsent and exits 1 after sending the others; the next run retries it', async () => {
    ids.cySoon = await bookIn(6, 'cy');
    ids.annLater = await bookIn(7, 'ann');
    const sentLog = join(dir, 'second.txt');
    const failing = `if [ "$PRACTICE_CLIENT_NAME" = "Cy Fail" ]; then echo "gateway said no" >&2; exit 3; fi; echo "$PRACTICE_CLIENT_NAME" >> ${sentLog}`;
    const result = await home.run(['remind', '--within', '24h', '--exec', failing]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Sent 1 reminder.');
    expect(result.stderr).not.toContain('✓');
    expect(result.stderr).toMatch(/error: 1 message not sent \(the next run tries again\):\n {2}Cy Fail \S+ \S+: exit 3: gateway said no/);
    expect((await readFile(sentLog, 'utf8')).trim().split('\n')).toEqual(['Ann Lee']);
    expect(await get('conversation_log', `client_id=eq.${ids.cy}`)).toEqual([]);
    expect(await get('reminders', `appointment_id=eq.${ids.cySoon}`)).toMatchObject([{ state: 'failed', error: 'exit 3: gateway said no' }]);

    const retried = await home.run(['remind', '--within', '24h', '--exec', `echo "$PRACTICE_CLIENT_NAME" >> ${sentLog}`]);
    expect(retried.code, retried.stderr).toBe(0);
    expect((await readFile(sentLog, 'utf8')).trim().split('\n')).toEqual(['Ann Lee', 'Cy Fail']);
    expect(await get('conversation_log', `client_id=eq.${ids.cy}`)).toMatchObject([{ role: 'assistant', channel: 'sms' }]);
  });

  it('--json gives the reminders to the caller and records them as sent, by email', async () => {
    const result = await home.run(['remind', '--within', '24h', '--channel', 'email', '--json', 'client_name,email,channel']);
    expect(result.code, result.stderr).toBe(0);
    // Dee has an email; everyone else's reminder went out already.
    expect(JSON.parse(result.stdout)).toEqual([{ client_name: 'Dee Nophone', email: 'dee@example.com', channel: 'email' }]);
    expect(await get('conversation_log', `client_id=eq.${ids.dee}`)).toMatchObject([{ role: 'assistant', channel: 'email' }]);
    expect(JSON.parse((await home.run(['remind', '--within', '24h', '--channel', 'email', '--json'])).stdout)).toEqual([]);
  });

  it('a run killed while sending leaves its claim: later runs do not send it again, and say so', async () => {
    ids.eveSoon = await bookIn(8, 'bob');
    // The command kills the run that started it (its parent) halfway through sending: a process of
    // the built binary, not the test's own (test/README.md).
    const killed = await launchPractice(['remind', '--within', '24h', '--exec', 'kill -9 $PPID'], home.env).result;
    expect(killed.code).not.toBe(0);
    expect(await get('reminders', `appointment_id=eq.${ids.eveSoon}`)).toMatchObject([{ state: 'claimed' }]);
    const sentLog = join(dir, 'after-kill.txt');
    const later = await home.run(['remind', '--within', '24h', '--exec', `echo "$PRACTICE_CLIENT_NAME" >> ${sentLog}`]);
    expect(later.code, later.stderr).toBe(0);
    expect(later.stderr).toMatch(/The reminder of Bob Stone on \S+ \S+ was claimed at \S+ by a run that has not finished; it is left alone/);
    expect(later.stderr).toContain('Sent 0 reminders.');
    // Released by a person (docs/reminders.md), it goes out with the next run.
    expect((await home.run(['api', 'PATCH', 'reminders', '-q', `appointment_id=eq.${ids.eveSoon}`, '-f', 'state=failed'])).code).toBe(0);
    expect((await home.run(['remind', '--within', '24h', '--exec', `echo "$PRACTICE_CLIENT_NAME" >> ${sentLog}`])).code).toBe(0);
    expect((await readFile(sentLog, 'utf8')).trim()).toBe('Bob Stone');
  });

  it.each([
    [['--within', 'tomorrow'], "--within: expected a span like 90m, 24h or 2d, up to 7d; got 'tomorrow'"],
    [['--within', '8d'], '--within: expected a span like 90m, 24h or 2d, up to 7d'],
    [['--template', 'See you {when}'], '--template: unknown placeholder {when}'],
    [['--exec', 'true', '--json'], '--exec: give either --exec (we send) or --json/--format (you send), not both'],
    [['--channel', 'pigeon'], "option '--channel <channel>' argument 'pigeon' is invalid"],
  ])('refuses %j with exit 2 and sends nothing', async (flags, message) => {
    server.received.length = 0;
    const result = await home.run(['remind', ...flags]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(writes()).toEqual([]);
  });
});
