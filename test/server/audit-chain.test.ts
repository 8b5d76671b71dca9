// The audit trail's hash chain under concurrent writers: 20 at once in one practice (and 20 in
// another meanwhile) leave each practice's chain whole and gapless; and on PostgreSQL, where
// requests really run at once, a practice holding its chain's head never holds up another practice.
// (PGlite has one connection: its requests take turns whatever they touch.)
import { afterAll, describe, expect, it } from 'vitest';
import { practice, rows, type Practice } from '../helpers/fixtures.js';
import { startTestServer } from '../helpers/server.js';
import { testStore } from '../helpers/store.js';

const server = await startTestServer();
afterAll(() => server.close());

const twenty = (who: Practice, label: string) =>
  Array.from({ length: 20 }, (_, i) => who.post('/clients', { name: `${label} ${i}` }));

async function expectWholeChain(who: Practice, length: number) {
  const trail = await rows(who, '/audit_log?select=id,prev_hash,hash&order=id');
  expect(trail.map((row) => row.id)).toEqual(Array.from({ length }, (_, i) => i + 1));
  trail.forEach((row, i) => expect(row.prev_hash).toBe(i === 0 ? '0'.repeat(64) : trail[i - 1]!.hash));
  expect(await rows(who, '/audit_chain_breaks')).toEqual([]);
}

describe('the audit chain', () => {
  it('stays whole and gapless with 20 writers at once in one practice while another practice writes too', async () => {
    const [a, b] = await Promise.all([practice(server), practice(server)]);
    const replies = await Promise.all([...twenty(a, 'A'), ...twenty(b, 'B')]);
    expect(replies.map((reply) => reply.status)).toEqual(replies.map(() => 201));
    await expectWholeChain(a, 20);
    await expectWholeChain(b, 20);
  });

  it.runIf(testStore() === 'postgres')('never makes one practice wait for another holding its chain\'s head', async () => {
    const [a, b] = await Promise.all([practice(server), practice(server)]);
    let aSecond: Promise<unknown> | undefined;
    let aSecondDone = false;
    await server.db.transaction(async (tx) => {
      // A write of A's that has not committed: it holds A's place at the head of A's chain.
      await tx.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`,
        [JSON.stringify({ sub: a.id, role: 'authenticated' })]);
      await tx.query(`insert into public.clients (name) values ('A, not yet committed')`);
      aSecond = a.post('/clients', { name: 'A, waits its turn' }).then((reply) => {
        aSecondDone = true;
        return reply;
      });
      const started = Date.now();
      const bWrite = await b.post('/clients', { name: 'B, never waits' });
      expect(bWrite.status).toBe(201);
      expect(Date.now() - started).toBeLessThan(2000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(aSecondDone).toBe(false);
    });
    expect(await aSecond).toMatchObject({ status: 201 });
    await expectWholeChain(a, 2);
    await expectWholeChain(b, 1);
  });
});
