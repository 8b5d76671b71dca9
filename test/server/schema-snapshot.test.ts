// The catalog rows a start reads, kept between starts of the embedded service (schema-snapshot.ts):
// a second start reads none of the catalog queries, and any change of the catalog (a table, a
// column's comment, a function, a dropped table, a table's or a role's row-level security) or a
// damaged file makes it read them afresh.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { Database } from '../../src/server/db/database.js';
import { prepareDatabase } from '../../src/server/prepare.js';
import { openTestDatabase, serviceMigrates, testStore } from '../helpers/store.js';

const { db, drop } = await openTestDatabase();
const dir = await mkdtemp(join(tmpdir(), 'practice-schema-snapshot-'));
const file = join(dir, 'schema-cache.json');
afterAll(async () => {
  await drop();
  await rm(dir, { recursive: true, force: true });
});

/** A start's preparation through a database that notes every query it is asked. */
async function start() {
  const asked: string[] = [];
  const noting: Database = { ...db, query: (sql, values) => (asked.push(sql), db.query(sql, values)) };
  const { schema } = await prepareDatabase(noting, { migrations: serviceMigrates(), schemaSnapshot: file });
  return { schema, asked };
}

const catalogQueries = async () => Object.keys(JSON.parse(await readFile(file, 'utf8')).rows as Record<string, unknown>);

describe('the schema snapshot of the embedded database', () => {
  test('the first start writes it; the next reads no catalog query and builds the same cache', async () => {
    const first = await start();
    const kept = await catalogQueries();
    expect(kept.length).toBeGreaterThanOrEqual(4);
    expect(kept.every((sql) => first.asked.includes(sql))).toBe(true);
    const second = await start();
    expect(second.asked.filter((sql) => kept.includes(sql))).toEqual([]);
    expect(second.schema).toEqual(first.schema);
    expect(second.schema.tables.has('appointments')).toBe(true);
  });

  test('a table created, commented on, and dropped is seen at each next start', async () => {
    await db.exec(`create table public.snapshot_probe (id int primary key);
      alter table public.snapshot_probe enable row level security;`);
    const created = await start();
    expect(created.schema.tables.get('snapshot_probe')?.columns.map((column) => column.name)).toEqual(['id']);
    await db.exec(`comment on column public.snapshot_probe.id is 'the probe''s id'`);
    expect((await start()).schema.tables.get('snapshot_probe')?.columns[0]?.description).toBe("the probe's id");
    await db.exec('drop table public.snapshot_probe');
    const dropped = await start();
    expect(dropped.schema.tables.has('snapshot_probe')).toBe(false);
    expect(dropped.asked.some((sql) => (/from pg_class c/).test(sql))).toBe(true);
  });

  test('a function created is seen at the next start', async () => {
    await db.exec(`create function public.snapshot_probe_answer() returns int language sql stable as 'select 42';
      grant execute on function public.snapshot_probe_answer() to authenticated;`);
    expect((await start()).schema.routines.get('snapshot_probe_answer')?.[0]?.executableBy.has('authenticated')).toBe(true);
    await db.exec('drop function public.snapshot_probe_answer()');
    expect((await start()).schema.routines.has('snapshot_probe_answer')).toBe(false);
  });

  test('the security check and the accounts\' place read through it too: a table left unguarded since is refused at the next start', async () => {
    const kept = await catalogQueries();
    expect(kept.some((sql) => sql.includes('relforcerowsecurity'))).toBe(true);
    expect(kept.some((sql) => sql.includes('email_identity_id'))).toBe(true);
    expect((await start()).asked.filter((sql) => kept.includes(sql))).toEqual([]);
    await db.exec('alter table public.expenses disable row level security');
    try {
      await expect(start()).rejects.toThrow(/table public\.expenses has row-level security off/);
    } finally {
      await db.exec('alter table public.expenses enable row level security');
    }
    await expect(start()).resolves.toBeDefined();
  });

  // Roles are shared by the whole PostgreSQL cluster, so only PGlite's private copy may change one.
  test.runIf(testStore() === 'pglite')('a request role given BYPASSRLS since is refused at the next start', async () => {
    await start();
    await db.exec('alter role anon bypassrls');
    try {
      await expect(start()).rejects.toThrow(/role anon has BYPASSRLS/);
    } finally {
      await db.exec('alter role anon nobypassrls');
    }
    await expect(start()).resolves.toBeDefined();
  });

  test('a damaged file is read as none and written anew', async () => {
    await writeFile(file, '{"fingerprint": "{1.2", "rows": ');
    const { schema, asked } = await start();
    expect(schema.tables.has('clients')).toBe(true);
    expect(asked.length).toBeGreaterThan(4);
    expect((await catalogQueries()).length).toBeGreaterThanOrEqual(4);
  });
});
