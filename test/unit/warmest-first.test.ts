// Issue 28.7: the PostgreSQL store lends the connection given back last, so requests one after
// another keep to one warm backend instead of going round every connection the pool opened.
import { describe, expect, it } from 'vitest';
import { WarmestFirst } from '../../src/server/db/warmest-first.js';

describe('WarmestFirst', () => {
  it('lends the same one to borrowers one after another', async () => {
    const pool = new WarmestFirst(['a', 'b', 'c']);
    const lent: string[] = [];
    for (let i = 0; i < 5; i++) {
      const item = await pool.take();
      lent.push(item);
      pool.giveBack(item);
    }
    expect(lent).toEqual(['a', 'a', 'a', 'a', 'a']);
  });

  it('lends the one given back last first', async () => {
    const pool = new WarmestFirst(['a', 'b', 'c']);
    const [first, second] = [await pool.take(), await pool.take()];
    pool.giveBack(second);
    pool.giveBack(first);
    expect([await pool.take(), await pool.take(), await pool.take()]).toEqual([first, second, 'c']);
  });

  it('makes borrowers wait when all are lent, first come first served', async () => {
    const pool = new WarmestFirst(['a']);
    const held = await pool.take();
    const served: string[] = [];
    const first = pool.take().then((item) => {
      served.push(`first:${item}`);
      pool.giveBack(item);
    });
    const second = pool.take().then((item) => served.push(`second:${item}`));
    await Promise.resolve();
    expect(served).toEqual([]);
    pool.giveBack(held);
    await Promise.all([first, second]);
    expect(served).toEqual(['first:a', 'second:a']);
  });
});
