// An appointment's price and buffer are kept at booking (issue 12, item 3): `appt add --price` and
// `appt update --price|--buffer` set them, the service's price is what a booking without --price
// keeps, and a later change of the service's price leaves booked appointments as they were.
import { beforeAll, describe, expect, it } from 'vitest';
import { createWithApi, signedInCli } from '../helpers/signed-in-cli.js';

const { server, home } = await signedInCli({ recordRequests: true });
const writes = () => server.received.filter((request) => request.method !== 'GET');

/** `appt <args> --json`, expecting success: the one row as stored. */
async function appt(...args: string[]): Promise<Record<string, any>> {
  const result = await home.run(['appt', ...args, '--json']);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

let service: string;

beforeAll(async () => {
  await createWithApi(home, 'clients', { name: 'Ann Lee' });
  service = (await createWithApi(home, 'service_menu', { name: 'Swedish 60', duration: 60, price: 85, buffer_minutes: 15 })).id;
});

describe('the price and buffer of a booking', () => {
  it("keep the service's at booking, and stay when the service's price changes later", async () => {
    const booked = await appt('add', '--client', 'ann', '--service', 'swedish', '--date', '2031-11-24', '--start', '9');
    expect(booked).toMatchObject({ price: 85, buffer_minutes: 15 });

    const repriced = await home.run(['service', 'update', service, '--price', '95']);
    expect(repriced.code, repriced.stderr).toBe(0);
    expect(await appt('show', booked.id)).toMatchObject({ price: 85, buffer_minutes: 15 });
  });

  it('take --price on add, and --price and --buffer on update', async () => {
    const booked = await appt('add', '--client', 'ann', '--service', 'swedish', '--date', '2031-11-25', '--start', '9', '--price', '70');
    expect(booked.price).toBe(70);
    expect(await appt('update', booked.id.slice(0, 8), '--price', '62.50', '--buffer', '0')).toMatchObject({ price: 62.5, buffer_minutes: 0 });
  });

  it('refuses a price that is not an amount, naming the flag, before anything is sent (exit 2)', async () => {
    server.received.length = 0;
    for (const args of [['add', '--client', 'ann', '--service', 'swedish', '--date', '2031-11-26', '--start', '9', '--price', '-5'], ['update', '00000000-0000-0000-0000-000000000001', '--price', '12.345'], ['update', '00000000-0000-0000-0000-000000000001', '--buffer', 'ten']]) {
      const result = await home.run(['appt', ...args]);
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toMatch(/--(price|buffer)/);
    }
    expect(writes()).toEqual([]);
  });
});
