// Scripts that race get what they asked for (issue 24): parallel `appt add --first-free` processes
// against one service each book a slot of their own, the one that loses a slot to another taking
// the next free one, and fail only when no slot is left.
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInCli } from '../helpers/signed-in-cli.js';

const { server, home } = await signedInCli({ recordRequests: true });

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** `count` processes of `appt add --first-free --yes` on `date`, started together. */
const racing = (count: number, date: string) => Promise.all(Array.from({ length: count }, () =>
  home.run(['appt', 'add', '--client', 'Ann Lee', '--service', 'Swedish 60', '--date', date, '--first-free', '--yes', '--json'])));

async function bookedOn(date: string): Promise<Array<Record<string, any>>> {
  const result = await home.run(['api', 'GET', 'appointments', '-q', `date=eq.${date}`, '-q', 'order=start_time']);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

beforeAll(async () => {
  for (const args of [['client', 'add', '--name', 'Ann Lee'], ['service', 'add', '--name', 'Swedish 60', '--duration', '60', '--price', '80', '--buffer', '15']]) {
    const result = await home.run(args);
    expect(result.code, result.stderr).toBe(0);
  }
});

describe('appt add --first-free, five at once', () => {
  it('books five distinct slots that do not overlap, buffers counted', async () => {
    // Wednesday 2030-06-12, open 09:00-18:00: room for seven 75-minute bookings.
    expect((await home.run(['hours', 'set', 'wed', '09:00-18:00'])).code).toBe(0);
    const results = await racing(5, '2030-06-12');
    for (const result of results) expect(result.code, result.stderr).toBe(0);
    const booked = await bookedOn('2030-06-12');
    expect(booked).toHaveLength(5);
    expect(new Set(results.map((result) => JSON.parse(result.stdout).id))).toEqual(new Set(booked.map((row) => row.id)));
    booked.slice(1).forEach((later, index) => {
      const earlier = booked[index]!;
      expect(minutes(earlier.end_time) + earlier.buffer_minutes, `${earlier.start_time} then ${later.start_time}`).toBeLessThanOrEqual(minutes(later.start_time));
    });
    // The earliest five: a loser took the next free slot, not one further away.
    expect(booked.map((row) => row.start_time)).toEqual(['09:00', '10:15', '11:30', '12:45', '14:00']);
    // They did race: more inserts were sent than bookings made.
    expect(server.received.filter((request) => request.method === 'POST' && request.url.startsWith('/rest/v1/appointments')).length).toBeGreaterThan(5);
  });

  it('fails only those left without a slot, saying none is free', async () => {
    // Thursday 2030-06-13, open 09:00-12:45: room for three.
    expect((await home.run(['hours', 'set', 'thu', '09:00-12:45'])).code).toBe(0);
    const results = await racing(5, '2030-06-13');
    expect(results.map((result) => result.code).sort()).toEqual([0, 0, 0, 1, 1]);
    for (const failed of results.filter((result) => result.code !== 0)) {
      expect(failed.stderr).toContain('error: No free slot for Swedish 60 on Thursday 2030-06-13.');
    }
    expect((await bookedOn('2030-06-13')).map((row) => row.start_time)).toEqual(['09:00', '10:15', '11:30']);
  });
});
