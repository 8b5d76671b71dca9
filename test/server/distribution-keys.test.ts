// The schema distributes by therapist_id unchanged (docs/scale-out.md): Citus requires every primary
// key, unique key (constraint or index), exclusion constraint and foreign key of a table distributed by
// a column to include that column (with = in an exclusion, and matched to the referenced table's own
// distribution column in a foreign key). Read from the migrated schema's catalogue, so a later
// migration that breaks it fails here.
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.js';
import { openTestDatabase } from '../helpers/store.js';

const { db, drop } = await openTestDatabase();
afterAll(() => drop());

const TENANT = 'therapist_id';

// Found by an address before the practice is known (a booking page by its slug, a calendar feed by its
// token's digest), so their address is unique on the whole service: on Citus they are reference tables
// (docs/scale-out.md), copied whole to every node, where any unique key holds. A reference table may
// not point at a distributed one, so they must have no foreign key.
const REFERENCE_TABLES = ['booking_pages', 'calendar_feeds'];

interface KeyRow {
  name: string;
  kind: 'primary key' | 'unique' | 'exclusion' | 'foreign key' | 'unique index';
  table: string;
  /** The key's columns in order; `<expression>` where an element is one. */
  columns: string[];
  /** Foreign keys: the referenced table and columns, in the same order. */
  referenced_table: string | null;
  referenced: string[] | null;
  /** Exclusion constraints: each element's operator. */
  operators: string[] | null;
}

// Constraints, and unique indexes no constraint stands for (`create unique index`), of schema public.
const KEYS = `
  select con.conname::text as name,
         case con.contype when 'p' then 'primary key' when 'u' then 'unique' when 'x' then 'exclusion' else 'foreign key' end as kind,
         rel.relname::text as table,
         (select array_agg(coalesce(a.attname::text, '<expression>') order by k.ord) from unnest(con.conkey) with ordinality k(attnum, ord)
            left join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum) as columns,
         (select n2.nspname || '.' || c2.relname from pg_class c2 join pg_namespace n2 on n2.oid = c2.relnamespace
            where c2.oid = con.confrelid) as referenced_table,
         (select array_agg(a.attname::text order by k.ord) from unnest(con.confkey) with ordinality k(attnum, ord)
            join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum) as referenced,
         (select array_agg(o.oprname::text order by k.ord) from unnest(con.conexclop) with ordinality k(opr, ord)
            join pg_operator o on o.oid = k.opr) as operators
  from pg_constraint con
  join pg_class rel on rel.oid = con.conrelid
  join pg_namespace n on n.oid = rel.relnamespace
  where n.nspname = 'public' and con.contype in ('p', 'u', 'x', 'f')
  union all
  select ic.relname::text, 'unique index', rel.relname::text,
         (select array_agg(coalesce(a.attname::text, '<expression>') order by k.ord) from unnest(i.indkey::int2[]) with ordinality k(attnum, ord)
            left join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum),
         null, null, null
  from pg_index i
  join pg_class ic on ic.oid = i.indexrelid
  join pg_class rel on rel.oid = i.indrelid
  join pg_namespace n on n.oid = rel.relnamespace
  where n.nspname = 'public' and i.indisunique
    and not exists (select from pg_constraint con where con.conindid = i.indexrelid and con.conrelid = i.indrelid)
  order by 3, 1`;

const TABLES = `
  select c.relname::text as table,
         exists (select from pg_attribute a where a.attrelid = c.oid and a.attname = '${TENANT}' and not a.attisdropped) as has_tenant
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind in ('r', 'p')
  order by 1`;

/** What keeps the schema from distributing by therapist_id: one line per offending table or key. */
function problemOf(key: KeyRow): string | null {
  if (REFERENCE_TABLES.includes(key.table)) return key.kind === 'foreign key' ? `reference table ${key.table} has foreign key ${key.name}` : null;
  const at = key.columns.indexOf(TENANT);
  const where = `${key.kind} ${key.name} on ${key.table}`;
  if (at < 0) return `${where} (${key.columns.join(', ')}) lacks ${TENANT}`;
  if (key.kind === 'exclusion' && key.operators?.[at] !== '=') return `${where} compares ${TENANT} with ${key.operators?.[at]}, not =`;
  if (key.kind === 'foreign key' && (!key.referenced_table?.startsWith('public.') || key.referenced?.[at] !== TENANT)) {
    return `${where} matches ${TENANT} to ${key.referenced_table}.${key.referenced?.[at]}, not to its ${TENANT}`;
  }
  return null;
}

async function distributionProblems(database: Database): Promise<{ keys: KeyRow[]; problems: string[] }> {
  const [tables, keys] = await Promise.all([
    database.query<{ table: string; has_tenant: boolean }>(TABLES),
    database.query<KeyRow>(KEYS),
  ]);
  const problems = [
    ...tables.filter((t) => !t.has_tenant).map((t) => `table ${t.table} has no ${TENANT} column to distribute by`),
    ...tables.filter((t) => !keys.some((k) => k.table === t.table && k.kind === 'primary key')).map((t) => `table ${t.table} has no primary key`),
    ...keys.map(problemOf).filter((problem): problem is string => problem !== null),
  ];
  return { keys, problems };
}

describe('keys of the migrated schema, for distribution by therapist_id', () => {
  it('include therapist_id in every primary, unique, exclusion and foreign key of schema public', async () => {
    const { keys, problems } = await distributionProblems(db);
    expect(problems).toEqual([]);
    // The catalogue query sees every kind of key (a query that saw none would find no problem).
    expect(keys.map((k) => `${k.kind} ${k.name}`)).toEqual(expect.arrayContaining([
      'primary key clients_pkey',
      'unique appointments_therapist_id_id_client_id_key',
      'exclusion appointments_no_overlap',
      'exclusion business_hours_no_overlap',
      'foreign key sessions_amends_fkey',
      'unique index clients_email_key',
      'unique index sessions_one_per_appointment',
    ]));
  });

  it('names each key a later migration might add without it', async () => {
    await db.query(`
      create table public.rooms (
        id uuid primary key,
        therapist_id uuid not null,
        name text not null,
        opens tsrange not null,
        constraint rooms_name_key unique (name),
        constraint rooms_no_overlap exclude using gist (therapist_id with <>, opens with &&),
        constraint rooms_client_fkey foreign key (therapist_id, id) references public.clients (id, therapist_id)
      )`);
    await db.query('create unique index rooms_lower_name on public.rooms (lower(name))');
    await db.query('create table public.settings (key text primary key)');
    const { problems } = await distributionProblems(db);
    expect(problems.sort()).toEqual([
      'exclusion rooms_no_overlap on rooms compares therapist_id with <>, not =',
      'foreign key rooms_client_fkey on rooms matches therapist_id to public.clients.id, not to its therapist_id',
      'primary key rooms_pkey on rooms (id) lacks therapist_id',
      'primary key settings_pkey on settings (key) lacks therapist_id',
      'table settings has no therapist_id column to distribute by',
      'unique index rooms_lower_name on rooms (<expression>) lacks therapist_id',
      'unique rooms_name_key on rooms (name) lacks therapist_id',
    ]);
  });
});
