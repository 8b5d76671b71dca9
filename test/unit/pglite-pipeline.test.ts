// PGlite's one-call request pipeline and its cache of prepared statements: a statement evicted from
// the cache or left behind by a failed request is prepared again, never referenced while missing.
// The pipeline uses two of PGlite's private methods: the first test fails when an upgrade breaks that.
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { EngineRetired, PglitePipeline } from '../../src/server/db/pglite-pipeline.js';
import { StatementTimedOut } from '../../src/server/db/pglite-time-limit.js';

let pg: PGlite;
let pipeline: PglitePipeline;
const identity = { text: `select set_config('request.jwt.claims', $1, true)`, values: ['{"sub":"x"}'] };

beforeAll(async () => {
  pg = await PGlite.create();
  pipeline = new PglitePipeline(pg);
});
afterAll(async () => {
  await pg.close();
});

describe('the PGlite request pipeline', () => {
  it("holds PGlite's private locks, in the exact version package.json pins", async () => {
    const pinned = packageJson.dependencies['@electric-sql/pglite'];
    const installed = JSON.parse(await readFile(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url), 'utf8')).version;
    const why = 'src/server/db/pglite-pipeline.ts calls _runExclusiveTransaction and _runExclusiveQuery: pin PGlite exactly and check them before upgrading';
    expect(pinned, why).toMatch(/^\d+\.\d+\.\d+$/);
    expect(installed, why).toBe(pinned);
    expect(typeof pg._runExclusiveTransaction, why).toBe('function');
    expect(typeof pg._runExclusiveQuery, why).toBe('function');

    // They are the locks transaction() holds: a request waits for an open transaction to end.
    let finish!: () => void;
    const order: string[] = [];
    const open = pg.transaction(async (tx) => {
      await tx.query(`select 1`);
      await new Promise<void>((resolve) => (finish = resolve));
      order.push('transaction');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const request = pipeline.run(identity, { text: `select 1 as one`, values: [] }).then(() => order.push('request'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual([]);
    finish();
    await Promise.all([open, request]);
    expect(order).toEqual(['transaction', 'request']);
  });

  it('runs the statement after the identity in one transaction', async () => {
    const row = await pipeline.run<{ claims: string; n: number }>(identity, {
      text: `select current_setting('request.jwt.claims') as claims, $1::int + 1 as n`,
      values: [41],
    });
    expect(row).toEqual({ claims: '{"sub":"x"}', n: 42 });
    // The claims were local to that transaction.
    expect((await pg.query(`select current_setting('request.jwt.claims', true) as c`)).rows).toEqual([{ c: '' }]);
  });

  it('passes arrays as quoted literals, so "null" stays text', async () => {
    const row = await pipeline.run<{ items: string[] }>(identity, { text: `select $1::text[] as items`, values: [['a,b', 'null', 'say "hi"\\']] });
    expect(row.items).toEqual(['a,b', 'null', 'say "hi"\\']);
  });

  it('keeps answering after more distinct statements than it keeps prepared', async () => {
    for (let i = 0; i < 300; i++) {
      const row = await pipeline.run<{ n: number }>(identity, { text: `select $1::int + ${i} as n`, values: [1] });
      expect(row.n).toBe(i + 1);
    }
    const first = await pipeline.run<{ n: number }>(identity, { text: `select $1::int + 0 as n`, values: [5] });
    expect(first.n).toBe(5);
    const prepared = await pg.query<{ count: number }>(`select count(*)::int as count from pg_prepared_statements`);
    expect(prepared.rows[0]!.count).toBeLessThanOrEqual(257);
  });

  it('reports a failing statement with its SQLSTATE each time, and then serves the next request', async () => {
    const failing = { text: `select 1 / $1::int as n`, values: [0] };
    for (let attempt = 0; attempt < 2; attempt++) {
      await expect(pipeline.run(identity, failing)).rejects.toMatchObject({ code: '22012' });
    }
    expect(await pipeline.run(identity, { ...failing, values: [1] })).toEqual({ n: 1 });
    expect((await pg.query(`select 1 as ok`)).rows).toEqual([{ ok: 1 }]);
  });
  it('drops unrun a request whose client gave up while it waited for the engine', async () => {
    await pg.exec('create table if not exists dropped (n int)');
    let finish!: () => void;
    const open = pg.transaction(async () => {
      await new Promise<void>((resolve) => (finish = resolve));
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const gone = new AbortController();
    const request = pipeline.run(identity, { text: 'insert into dropped values ($1) returning n', values: [1] }, { signal: gone.signal });
    gone.abort();
    finish();
    await open;
    await expect(request).rejects.toMatchObject({ name: 'AbortError' });
    expect((await pg.query('select count(*)::int as n from dropped')).rows).toEqual([{ n: 0 }]);
    expect(await pipeline.run(identity, { text: 'insert into dropped values ($1) returning n', values: [2] })).toEqual({ n: 2 });
  });

  it('commits or rolls back a write on seeing its row', async () => {
    await pg.exec('create table if not exists decided (n int)');
    const insert = (n: number) => ({ text: 'insert into decided values ($1) returning n', values: [n] });
    expect(await pipeline.run(identity, insert(1), { commitIf: () => true })).toEqual({ n: 1 });
    expect(await pipeline.run(identity, insert(2), { commitIf: () => false })).toEqual({ n: 2 });
    await expect(pipeline.run(identity, { text: 'insert into decided values (1 / $1) returning n', values: [0] }, { commitIf: () => true }))
      .rejects.toMatchObject({ code: '22012' });
    expect((await pg.query('select n from decided order by n')).rows).toEqual([{ n: 1 }]);
    expect(pg.isInTransaction()).toBe(false);
  });
});

describe('a statement past its time limit', () => {
  it('is stopped at the limit, and the engine it ran on is retired: nothing runs on it again', async () => {
    const engine = await PGlite.create();
    const limited = new PglitePipeline(engine);
    // execProtocolRawSync is the engine call the pipeline retires; pinned with the version above.
    expect(typeof engine.execProtocolRawSync).toBe('function');
    await engine.exec(`create table names as select repeat('a', 200) || '!' as name from generate_series(1, 300)`);
    // About 20 s of work, held on Node's thread (measured: 72 s for 1,000 such names).
    const runaway = { text: 'select count(*)::int as n from names where name ~ $1', values: ['(a?){250}a{250}b'] };
    // CPU time, not wall time: the runaway statement holds this thread, so the CPU it used is what it ran
    // for, and a busy machine stretches only the wall clock.
    const started = process.cpuUsage();
    await expect(limited.run(identity, runaway, { timeLimitMs: 200 })).rejects.toBeInstanceOf(StatementTimedOut);
    const { user, system } = process.cpuUsage(started);
    expect((user + system) / 1000).toBeLessThan(5_000);
    await expect(limited.run(identity, { text: 'select 1 as n', values: [] })).rejects.toBeInstanceOf(EngineRetired);
    await expect(engine.query('select 1')).rejects.toBeInstanceOf(EngineRetired);
  });

  it('leaves a statement within its limit alone', async () => {
    expect(await pipeline.run(identity, { text: 'select 41 + $1::int as n', values: [1] }, { timeLimitMs: 5_000 })).toEqual({ n: 42 });
  });
});
