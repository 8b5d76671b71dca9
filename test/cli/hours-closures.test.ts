// `practice hours close|closures|reopen` end to end: time off as a day, a range or part of a day,
// stored as local wall-clock spans; bookings inside listed and cancelled on request; `hours show` and
// `appt week` mark the time off; a bad span is refused before anything is sent (exit 2).
import { describe, expect, it } from 'vitest';
import { createWithApi, signedInCli } from '../helpers/signed-in-cli.js';

const { server, home } = await signedInCli({ recordRequests: true });

const closures = async () => JSON.parse((await home.run(['hours', 'closures', '--all', '--json'])).stdout) as Array<Record<string, any>>;

describe('practice hours close', () => {
  it('closes a range of days, a day and part of a day, as local spans', async () => {
    const range = await home.run(['hours', 'close', '2030-12-24..2030-12-26', '--reason', 'holidays', '--json', 'starts_at,ends_at,reason']);
    expect(range.code, range.stderr).toBe(0);
    expect(JSON.parse(range.stdout)).toEqual({ starts_at: '2030-12-24T00:00:00', ends_at: '2030-12-27T00:00:00', reason: 'holidays' });
    expect(range.stderr).toContain('Closed 2030-12-24 to 2030-12-26 (holidays).');

    const half = await home.run(['hours', 'close', '2030-12-31', '13:00-17:00']);
    expect(half.code, half.stderr).toBe(0);
    expect(half.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
    expect(half.stderr).toContain('Closed 2030-12-31 13:00-17:00.');

    expect((await home.run(['hours', 'close', '2031-01-02 ', '--reason', 'training'])).code).toBe(0);
    const listed = await home.run(['hours', 'closures']);
    expect(listed.stdout.split('\n').map((line) => line.split('\t').slice(1).join('\t'))).toEqual([
      '2030-12-24 to 2030-12-26\tholidays', '2030-12-31 13:00-17:00\t', '2031-01-02\ttraining', '',
    ]);
  });

  it('closing the same time off again changes nothing and exits 0 with a notice (the re-run rule)', async () => {
    const first = await home.run(['hours', 'close', '2032-03-01..2032-03-02', '--reason', 'course']);
    expect(first.code, first.stderr).toBe(0);
    const before = (await closures()).length;
    const again = await home.run(['hours', 'close', '2032-03-01..2032-03-02', '--reason', 'course']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe(first.stdout);
    expect(again.stderr).toContain('Already closed 2032-03-01 to 2032-03-02 (course); nothing changed.');
    expect((await closures()).length).toBe(before);
  });

  it('refuses a span it cannot read before sending anything (exit 2)', async () => {
    server.received.length = 0;
    for (const [args, message] of [
      [['2030-12-26..2030-12-24'], '2030-12-24 is before 2030-12-26'],
      [['2030-12-31', '17:00-13:00'], '17:00-13:00 ends before it starts'],
      [['2030-12-24..2030-12-26', '13:00-17:00'], 'part of a day takes one day'],
      [['someday'], '<when>:'],
      [['2030-12-24', '--reason', ' '], '--reason: expected a few words'],
    ] as const) {
      const result = await home.run(['hours', 'close', ...args]);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toContain(message);
    }
    expect(server.received.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('lists the bookings inside new time off, and cancels them with --cancel-booked', async () => {
    const client = await createWithApi(home, 'clients', { name: 'Ann Lee' });
    const inside = await createWithApi(home, 'appointments', { client_id: client.id, date: '2031-02-03', start_time: '10:00', end_time: '11:00' });
    const after = await createWithApi(home, 'appointments', { client_id: client.id, date: '2031-02-03', start_time: '15:00', end_time: '16:00' });
    const kept = await home.run(['hours', 'close', '2031-02-03', '09:00-12:00']);
    expect(kept.code, kept.stderr).toBe(0);
    expect(kept.stderr).toContain(`Booked inside the time off:\n  ${inside.id.slice(0, 8)} Ann Lee, 2031-02-03 10:00-11:00 (scheduled)`);
    expect(kept.stderr).not.toContain(after.id.slice(0, 8));
    expect(kept.stderr).toContain('Kept 1 booking; cancel with `practice appt cancel <id>`, or run again with --cancel-booked.');

    const cancelled = await home.run(['hours', 'close', '2031-02-03', '--cancel-booked']);
    expect(cancelled.code, cancelled.stderr).toBe(0);
    expect(cancelled.stderr).toContain('Cancelled 2 appointments');
    const statuses = JSON.parse((await home.run(['api', 'GET', 'appointments', '-q', 'date=eq.2031-02-03', '-q', 'select=status'])).stdout);
    expect(statuses).toEqual([{ status: 'cancelled' }, { status: 'cancelled' }]);
  });

  it('marks the time off in hours show and appt week', async () => {
    const shown = await home.run(['hours', 'show']);
    expect(shown.code).toBe(0);
    expect(shown.stdout.split('\n')[0]).toBe('monday\tclosed');
    expect(shown.stderr).toContain('Closed 2030-12-24 to 2030-12-26 (holidays).');
    expect(shown.stderr).toContain('Closed 2030-12-31 13:00-17:00.');

    const week = await home.run(['appt', 'week', '2030-12-25']);
    expect(week.code, week.stderr).toBe(0);
    expect(week.stdout).toContain('Tuesday 2030-12-24\n  closed all day (holidays)\n');
    expect(week.stdout).toContain('Wednesday 2030-12-25\n  closed all day (holidays)\n');
    expect(week.stdout).toContain('Monday 2030-12-23\n  no appointments\n');
    const newYear = await home.run(['appt', 'week', '2030-12-31']);
    expect(newYear.stdout).toContain('Tuesday 2030-12-31\n  closed 13:00-17:00\n');
  });

  it('reopens by day or by id', async () => {
    const before = await closures();
    const byDay = await home.run(['hours', 'reopen', '2030-12-25']);
    expect(byDay.code, byDay.stderr).toBe(0);
    expect(byDay.stderr).toContain('Reopened 2030-12-24 to 2030-12-26 (holidays).');
    const training = before.find((closure) => closure.reason === 'training')!;
    const byId = await home.run(['hours', 'reopen', training.id.slice(0, 8), '--json']);
    expect(byId.code, byId.stderr).toBe(0);
    expect(JSON.parse(byId.stdout)).toEqual([expect.objectContaining({ id: training.id, reason: 'training' })]);
    expect((await closures()).map((closure) => closure.id)).toEqual(before.filter((closure) => closure.reason !== 'holidays' && closure.reason !== 'training').map((closure) => closure.id));

    const none = await home.run(['hours', 'reopen', '2030-12-25']);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain("No time off matches '2030-12-25'.");
  });

  it('hours set that closes a day holding bookings ahead lists them, and keeps them', async () => {
    const client = await createWithApi(home, 'clients', { name: 'Kai Moss' });
    // 2031-03-04 is a Tuesday.
    const booked = await createWithApi(home, 'appointments', { client_id: client.id, date: '2031-03-04', start_time: '08:00', end_time: '09:00' });
    const result = await home.run(['hours', 'set', 'tuesday', '09:00-17:00']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(`Booked ahead outside the new hours (kept; \`practice appt reschedule\` or \`appt cancel\` them):\n  ${booked.id.slice(0, 8)} Kai Moss, 2031-03-04 08:00-09:00 (scheduled)`);
    const closed = await home.run(['hours', 'set', 'tuesday', 'closed']);
    expect(closed.stderr).toContain(`${booked.id.slice(0, 8)} Kai Moss, 2031-03-04 08:00-09:00 (scheduled)`);
    const untouched = await home.run(['hours', 'set', 'wednesday', 'closed']);
    expect(untouched.stderr).not.toContain('Booked ahead');
  });

  it('client archive lists the bookings ahead and cancels them with --cancel-booked', async () => {
    const client = await createWithApi(home, 'clients', { name: 'Lou Park' });
    const ahead = await createWithApi(home, 'appointments', { client_id: client.id, date: '2031-04-01', start_time: '10:00', end_time: '11:00' });
    const result = await home.run(['client', 'archive', 'Lou Park', '--yes', '--cancel-booked']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(`Lou Park is booked ahead:\n  ${ahead.id.slice(0, 8)} Lou Park, 2031-04-01 10:00-11:00 (scheduled)`);
    expect(result.stderr).toContain('Cancelled 1 appointment;');
    const [row] = JSON.parse((await home.run(['api', 'GET', 'appointments', '-q', `id=eq.${ahead.id}`])).stdout);
    expect(row.status).toBe('cancelled');
    const again = await home.run(['client', 'archive', 'Lou Park', '--yes']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).not.toContain('booked ahead');
  });
});
