// Reads are prepared once and remembered (rest/prepared-reads.ts): what is remembered is the
// statement, never an answer, and never across what the key holds: the user, the query string,
// and the Accept, Prefer and Range headers.
import { afterAll, describe, expect, it } from 'vitest';
import { anonymous, createAppointment, createClient, expectError, practice, rows, SINGLE } from '../helpers/fixtures.js';
import { startTestServer } from '../helpers/server.js';
import { LeastRecentlyUsed } from '../../src/server/lru.js';

const server = await startTestServer();
afterAll(() => server.close());

const DAY = '/appointments?select=date,start_time&date=eq.2025-03-10&order=start_time.asc';

describe('a remembered read', () => {
  it('answers each practice with its own rows, the same query alternating between them', async () => {
    const [first, second] = [await practice(server), await practice(server)];
    await createAppointment(first, { start_time: '09:00', end_time: '10:00' });
    await createAppointment(second, { start_time: '14:00', end_time: '15:00' });
    for (let round = 0; round < 3; round++) {
      expect(await rows(first, DAY)).toEqual([{ date: '2025-03-10', start_time: '09:00' }]);
      expect(await rows(second, DAY)).toEqual([{ date: '2025-03-10', start_time: '14:00' }]);
      expect(await rows(anonymous(server), DAY)).toEqual([]);
    }
  });

  it('runs again: a row written since is in the next answer', async () => {
    const owner = await practice(server);
    const client = await createClient(owner);
    expect(await rows(owner, DAY)).toEqual([]);
    await createAppointment(owner, { client_id: client.id });
    expect(await rows(owner, DAY)).toEqual([{ date: '2025-03-10', start_time: '09:00' }]);
  });

  it('is not used for a changed query string', async () => {
    const owner = await practice(server);
    const client = await createClient(owner);
    await createAppointment(owner, { client_id: client.id, start_time: '09:00', end_time: '10:00' });
    await createAppointment(owner, { client_id: client.id, start_time: '11:00', end_time: '12:00' });
    await createAppointment(owner, { client_id: client.id, date: '2025-03-11' });
    expect((await rows(owner, DAY)).map((row) => row.start_time)).toEqual(['09:00', '11:00']);
    expect((await rows(owner, DAY.replace('asc', 'desc'))).map((row) => row.start_time)).toEqual(['11:00', '09:00']);
    expect(await rows(owner, DAY.replace('03-10', '03-11'))).toEqual([{ date: '2025-03-11', start_time: '09:00' }]);
    expect((await rows(owner, `${DAY}&limit=1`)).map((row) => row.start_time)).toEqual(['09:00']);
  });

  it('is not used across Accept, Prefer, Range or HEAD', async () => {
    const owner = await practice(server);
    const client = await createClient(owner);
    await createAppointment(owner, { client_id: client.id, start_time: '09:00', end_time: '10:00' });
    await createAppointment(owner, { client_id: client.id, start_time: '11:00', end_time: '12:00' });
    const plain = await owner.get(DAY);
    expect(plain.headers.get('content-range')).toBe('0-1/*');

    expectError(await owner.get(DAY, SINGLE), 406, 'PGRST116');
    const one = await owner.get(`${DAY}&limit=1`, SINGLE);
    expect(one.body).toEqual({ date: '2025-03-10', start_time: '09:00' });

    const counted = await owner.get(DAY, { prefer: 'count=exact' });
    expect(counted.headers.get('content-range')).toBe('0-1/2');
    expect(counted.headers.get('preference-applied')).toBe('count=exact');

    const ranged = await owner.get(DAY, { range: '1-1' });
    expect(ranged.body).toEqual([{ date: '2025-03-10', start_time: '11:00' }]);
    expect(ranged.headers.get('content-range')).toBe('1-1/*');

    const head = await owner.head(DAY);
    expect({ status: head.status, text: head.text, range: head.headers.get('content-range') }).toEqual({ status: 200, text: '', range: '0-1/*' });
    expect((await owner.get(DAY)).body).toEqual(plain.body);
  });

  it('is never a failure: a read that fails to plan fails the same way every time', async () => {
    const owner = await practice(server);
    for (let round = 0; round < 2; round++) expectError(await owner.get('/appointments?nope=eq.1'), 400, '42703');
  });
});

describe('LeastRecentlyUsed', () => {
  it('forgets the least recently used entry first', () => {
    const memory = new LeastRecentlyUsed<string, number>(2);
    memory.set('a', 1);
    memory.set('b', 2);
    expect(memory.get('a')).toBe(1);
    memory.set('c', 3);
    expect([memory.get('a'), memory.get('b'), memory.get('c')]).toEqual([1, undefined, 3]);
  });
});
