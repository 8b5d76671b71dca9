// `practice remind` tells clients of changes, against a real server: a reminded visit that moved gets
// one change notice naming the old time, a cancelled one one cancellation notice, each exactly once,
// through the same --exec hook (PRACTICE_REMINDER_KIND); `appt reschedule|cancel` say what the client
// was told; an archived client gets no reminder; the greeting uses the first name; sent reminders
// travel with export/import. The cases build on each other in order.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateTimeIn } from '../../src/model/when.js';
import { signedInHome } from '../helpers/cli.js';
import { createWithApi, signedInCli } from '../helpers/signed-in-cli.js';

const { server, home } = await signedInCli();
const TIME_ZONE = 'Europe/Berlin'; // the test home's profile
const ids: Record<string, string> = {};
const told: Record<string, { date: string; start: string }> = {};
let dir: string;

/** A 10-minute slot starting `hours` from now on the practice's clock (kept inside its day). */
function slotIn(hours: number): { date: string; start: string; end: string } {
  let [date, start] = dateTimeIn(new Date(Date.now() + hours * 3_600_000), TIME_ZONE).split(' ') as [string, string];
  if (start >= '23:45') start = '23:40';
  const minutes = Number(start.slice(0, 2)) * 60 + Number(start.slice(3)) + 10;
  return { date, start, end: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}` };
}

async function bookIn(hours: number, client: string): Promise<string> {
  const { date, start, end } = slotIn(hours);
  const id = (await createWithApi(home, 'appointments', { client_id: ids[client]!, date, start_time: start, end_time: end })).id as string;
  told[id] = { date, start };
  return id;
}

const EXEC = (log: string) => `printf '%s|%s|%s %s|%s %s|%s\\n' "$PRACTICE_REMINDER_KIND" "$PRACTICE_CLIENT_NAME" "$PRACTICE_DATE" "$PRACTICE_TIME" "$PRACTICE_PREVIOUS_DATE" "$PRACTICE_PREVIOUS_TIME" "$PRACTICE_MESSAGE" >> ${log}`;
const lines = async (log: string) => (await readFile(log, 'utf8').catch(() => '')).trim().split('\n').filter(Boolean).sort();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'practice-notices-'));
  ids.blossom = (await createWithApi(home, 'clients', { name: '🌸 Blossom Kim', phone: '555-0100' })).id;
  ids.bo = (await createWithApi(home, 'clients', { name: 'Bo Stone', phone: '555-0101' })).id;
  ids.gone = (await createWithApi(home, 'clients', { name: 'Gone Away', phone: '555-0102' })).id;
  ids.blossomVisit = await bookIn(3, 'blossom');
  ids.boVisit = await bookIn(4, 'bo');
  ids.goneVisit = await bookIn(5, 'gone');
  // Archived after booking, with the booking kept.
  const archived = await home.run(['client', 'archive', 'Gone Away', '--yes']);
  expect(archived.code, archived.stderr).toBe(0);
  expect(archived.stderr).toContain('Gone Away is booked ahead:');
  expect(archived.stderr).toContain('Kept 1 booking');
});

afterAll(() => rm(dir, { recursive: true, force: true }));

describe('practice remind and changes', () => {
  it('reminds by first name, and not an archived client', async () => {
    const log = join(dir, 'first.txt');
    const result = await home.run(['remind', '--within', '24h', '--exec', EXEC(log)]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('Sent 2 reminders.');
    const sent = await lines(log);
    expect(sent.map((line) => line.split('|').slice(0, 2).join('|'))).toEqual(['reminder|Bo Stone', 'reminder|🌸 Blossom Kim']);
    expect(sent[1]).toMatch(/\|Hi Blossom, a reminder of your appointment on /);
  });

  it('reschedule and cancel of a reminded visit say which time the client was told', async () => {
    const to = slotIn(30);
    const moved = await home.run(['appt', 'reschedule', ids.blossomVisit!, '--date', to.date, '--start', to.start]);
    expect(moved.code, moved.stderr).toBe(0);
    const old = told[ids.blossomVisit!]!;
    expect(moved.stderr).toContain(`🌸 Blossom Kim was told ${old.date} ${old.start} (a reminder was sent); the next \`practice remind\` sends them the new time.`);
    const cancelled = await home.run(['appt', 'cancel', ids.boVisit!]);
    expect(cancelled.code, cancelled.stderr).toBe(0);
    expect(cancelled.stderr).toContain('Bo Stone was told');
    expect(cancelled.stderr).toContain('sends them the cancellation.');
    told.moved = { date: to.date, start: to.start };
  });

  it('sends one change notice and one cancellation notice through --exec, and never again', async () => {
    const log = join(dir, 'notices.txt');
    const result = await home.run(['remind', '--within', '24h', '--exec', EXEC(log)]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('Sent 0 reminders, 1 change notice and 1 cancellation notice.');
    const [blossomOld, boOld] = [told[ids.blossomVisit!]!, told[ids.boVisit!]!];
    const sent = await lines(log);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toBe(`cancelled|Bo Stone|${boOld.date} ${boOld.start}| |Hi Bo, your appointment on ${sent[0]!.split('|')[4]!.split(' on ')[1]}`);
    expect(sent[0]).toMatch(/is cancelled\. Reply to book another time\.$/);
    expect(sent[1]!.startsWith(`changed|🌸 Blossom Kim|${told.moved!.date} ${told.moved!.start}|${blossomOld.date} ${blossomOld.start}|Hi Blossom, your appointment on `)).toBe(true);
    expect(sent[1]).toContain(`at ${blossomOld.start} has moved to `);

    const again = await home.run(['remind', '--within', '24h', '--exec', EXEC(log)]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('Sent 0 reminders.');
    expect(await lines(log)).toHaveLength(2);

    const rows = JSON.parse((await home.run(['api', 'GET', 'reminders', '-q', 'select=kind,state,announced_date,follows_id,appointment_id', '-q', 'order=created_at'])).stdout);
    expect(rows.map((row: any) => `${row.kind} ${row.state}`).sort()).toEqual(['cancelled sent', 'changed sent', 'reminder sent', 'reminder sent']);
    expect(rows.filter((row: any) => row.follows_id !== null)).toHaveLength(2);
  });

  it('travels with export and import: the restored practice reminds nobody twice', async () => {
    const backup = join(dir, 'backup.json');
    expect((await home.run(['export', '--output', backup])).code).toBe(0);
    const file = JSON.parse(await readFile(backup, 'utf8'));
    expect(file.tables.reminders).toHaveLength(4);

    const restored = await signedInHome(server.url, server.keys.anonKey);
    try {
      const imported = await restored.run(['import', backup]);
      expect(imported.code, imported.stderr).toBe(0);
      const log = join(dir, 'restored.txt');
      const result = await restored.run(['remind', '--within', '24h', '--exec', EXEC(log)]);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toContain('Sent 0 reminders.');
      expect(await lines(log)).toEqual([]);
    } finally {
      await restored.cleanup();
    }
  });

  it('appt update of a visit told by a change notice names the time of that notice', async () => {
    const to = slotIn(50);
    const updated = await home.run(['appt', 'update', ids.blossomVisit!, '--date', to.date, '--start', to.start, '--end', to.end]);
    expect(updated.code, updated.stderr).toBe(0);
    expect(updated.stderr).toContain(`🌸 Blossom Kim was told ${told.moved!.date} ${told.moved!.start} (a change notice was sent); the next \`practice remind\` sends them the new time.`);
  });
});
