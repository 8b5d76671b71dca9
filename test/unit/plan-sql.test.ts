// Stages 2 and 3 of the REST pipeline (plan, SQL) over a hand-built schema cache: which SQL text
// and values a request becomes, and which requests never become SQL at all.
import { describe, expect, it } from 'vitest';
import type { Column, SchemaCache, Table } from '../../src/server/db/schema-cache.js';
import { ServiceError } from '../../src/server/errors.js';
import { parsePrefer } from '../../src/server/rest/parse-prefer.js';
import { parseQuery } from '../../src/server/rest/parse-query.js';
import { MAX_ROWS, planRequest, type PlanInput } from '../../src/server/rest/plan.js';
import type { RangeHeader } from '../../src/server/rest/query.js';
import { toStatement } from '../../src/server/rest/sql.js';

function table(name: string, columns: Array<[string, string]>, primaryKey = ['id']): Table {
  const list: Column[] = columns.map(([column, type]) =>
    ({ name: column, type, nullable: true, default: null, description: null, enum: null }));
  return {
    name, description: null, columns: list, columnsByName: new Map(list.map((c) => [c.name, c])), primaryKey,
    writes: { insert: true, update: true, delete: true },
  };
}

const schema: SchemaCache = {
  tables: new Map([
    table('clients', [['id', 'uuid'], ['therapist_id', 'uuid'], ['name', 'text'], ['status', 'text'], ['born', 'date']]),
    table('appointments', [['id', 'uuid'], ['therapist_id', 'uuid'], ['day', 'date'],
      ['starts', 'time without time zone'], ['price', 'numeric(10,2)']]),
    table('notes', [['id', 'bigint'], ['body', 'text']]),
  ].map((t) => [t.name, t])),
  relationships: new Map([
    ['appointments', [{
      constraint: 'appointments_client_fkey', table: 'appointments', foreignTable: 'clients', cardinality: 'many-to-one', isSelf: false,
      columns: [['therapist_id', 'therapist_id'], ['client_id', 'id']],
    }]],
    ['clients', [{
      constraint: 'appointments_client_fkey', table: 'clients', foreignTable: 'appointments', cardinality: 'one-to-many', isSelf: false,
      columns: [['therapist_id', 'therapist_id'], ['id', 'client_id']],
    }]],
  ]),
  routines: new Map(),
};

const USER = '5b6f0c1e-0000-4000-8000-000000000001';

interface Options {
  body?: unknown;
  prefer?: string;
  range?: RangeHeader;
  single?: boolean;
  userId?: string | null;
}

function plan(method: PlanInput['method'], tableName: string, search: string, options: Options = {}) {
  return planRequest(schema, {
    method,
    table: tableName,
    query: parseQuery(search),
    prefer: parsePrefer(options.prefer),
    range: options.range ?? null,
    body: options.body,
    single: options.single ?? false,
    userId: options.userId === undefined ? USER : options.userId,
  });
}

const statement = (...args: Parameters<typeof plan>) => toStatement(plan(...args));

function refusal(request: () => unknown): ServiceError {
  try {
    request();
  } catch (err) {
    if (err instanceof ServiceError) return err;
    throw err;
  }
  throw new Error('expected the request to be refused');
}

const READ_HEAD = 'select count(*)::int as page_total, null::int as total, null::int as inserted, ' +
  `coalesce(json_agg(_t), '[]')::text as body, null::text as location_id from (`;

describe('reads', () => {
  it('filters, order, limit and offset become one parameterised statement', () => {
    const { text, values } = statement('GET', 'clients',
      'select=id,name&status=eq.active&name=ilike.*smi*&order=name.desc.nullslast,id&limit=10&offset=20');
    expect(text).toBe(`${READ_HEAD}select "clients"."id" as "id", "clients"."name" as "name" from public."clients" ` +
      'where "clients"."therapist_id" = $3 and "clients"."status" = $1 and "clients"."name"::text ilike $2 ' +
      'order by "clients"."name" desc nulls last, "clients"."id" asc limit $4 offset $5) _t');
    expect(values).toEqual(['active', '%smi%', USER, 10, 20]);
  });

  it.each([
    ['eq', 'status=eq.x', '"clients"."status" = $1', 'x'],
    ['neq', 'status=neq.x', '"clients"."status" <> $1', 'x'],
    ['gt', 'born=gt.2000-01-01', '"clients"."born" > $1', '2000-01-01'],
    ['gte', 'born=gte.2000-01-01', '"clients"."born" >= $1', '2000-01-01'],
    ['lt', 'born=lt.2000-01-01', '"clients"."born" < $1', '2000-01-01'],
    ['lte', 'born=lte.2000-01-01', '"clients"."born" <= $1', '2000-01-01'],
    ['like: * becomes %, % and _ pass through', 'name=like.*a%_b*', '"clients"."name"::text like $1', '%a%_b%'],
    ['ilike', 'name=ilike.A*', '"clients"."name"::text ilike $1', 'A%'],
    ['match', 'name=match.^A', '"clients"."name"::text ~ $1', '^A'],
    ['imatch', 'name=imatch.^a', '"clients"."name"::text ~* $1', '^a'],
    ['isdistinct', 'status=isdistinct.x', '"clients"."status" is distinct from $1', 'x'],
    ['negation', 'status=not.eq.x', 'not ("clients"."status" = $1)', 'x'],
  ])('%s', (_name, search, where, value) => {
    const { text, values } = statement('GET', 'clients', search, { userId: null });
    expect(text).toContain(` where ${where} limit $2 offset $3)`);
    expect(values).toEqual([value, MAX_ROWS, 0]);
  });

  it.each([
    ['is.null', 'is null'], ['is.not_null', 'is not null'], ['is.true', 'is true'],
    ['is.false', 'is false'], ['is.unknown', 'is unknown'], ['not.is.null', 'not ("clients"."born" is null)'],
  ])('%s binds nothing', (filter, sql) => {
    const { text, values } = statement('GET', 'clients', `born=${filter}`, { userId: null });
    expect(text).toContain(sql.startsWith('not') ? ` where ${sql} ` : ` where "clients"."born" ${sql} `);
    expect(values).toEqual([MAX_ROWS, 0]);
  });

  it('logic trees keep their grouping', () => {
    const { text, values } = statement('GET', 'clients',
      'or=(status.eq.a,not.and(born.gte.2000-01-01,born.is.null))&name=eq.x', { userId: null });
    expect(text).toContain(' where ("clients"."status" = $1 or not ("clients"."born" >= $2 and "clients"."born" is null)) ' +
      'and "clients"."name" = $3 limit $4 offset $5)');
    expect(values).toEqual(['a', '2000-01-01', 'x', MAX_ROWS, 0]);
  });

  it('count=exact counts with the same where and the same parameters', () => {
    const { text, values } = statement('GET', 'clients', 'status=eq.a', { prefer: 'count=exact' });
    expect(text).toContain('(select count(*) from public."clients" where "clients"."therapist_id" = $2 and ' +
      '"clients"."status" = $1)::int as total');
    expect(values).toEqual(['a', USER, MAX_ROWS, 0]);
  });

  it('an embedded to-one resource is a lateral join without a window; a to-many one aggregates, its window written out', () => {
    const toOne = statement('GET', 'appointments', 'select=day,client:clients(name)').text;
    expect(toOne).toContain('select "appointments"."day" as "day", row_to_json("pgrst_join_1".*) as "client" from public."appointments" ' +
      'left join lateral (select "pgrst_1"."name" as "name" from public."clients" "pgrst_1" where "pgrst_1"."therapist_id" = ' +
      '"appointments"."therapist_id" and "pgrst_1"."id" = "appointments"."client_id") "pgrst_join_1" on true where');
    const { text, values } = statement('GET', 'clients', 'select=name,appointments!inner(day)&appointments.day=gt.2025-01-01&appointments.limit=2');
    expect(text).toContain('inner join lateral (select count(*) as pgrst_rows, json_agg(_e) as pgrst_body from (select "pgrst_1"."day" as "day" ' +
      'from public."appointments" "pgrst_1" where "pgrst_1"."therapist_id" = "clients"."therapist_id" and "pgrst_1"."client_id" = "clients"."id" ' +
      'and "pgrst_1"."day" > $1 limit 2 offset 0) _e) "pgrst_join_1" on "pgrst_join_1".pgrst_rows > 0');
    expect(values.slice(0, 1)).toEqual(['2025-01-01']);
  });

  it('aliases, casts and times of day in the projection', () => {
    const { text } = statement('GET', 'appointments', 'select=when:day,price::text,starts');
    expect(text).toContain('select "appointments"."day" as "when", "appointments"."price"::text as "price", ' +
      'to_char("appointments"."starts", \'HH24:MI\') as "starts" from');
  });

  it('object+json reads the first element of the array', () => {
    expect(statement('GET', 'notes', 'id=eq.1', { single: true }).text).toContain('(json_agg(_t) -> 0)::text as body');
  });

  it.each<[string, string, RangeHeader | undefined, [number, number]]>([
    ['no window: capped at MAX_ROWS', '', undefined, [MAX_ROWS, 0]],
    ['limit=0', 'limit=0', undefined, [0, 0]],
    ['limit and offset', 'limit=5&offset=10', undefined, [5, 10]],
    ['a limit above MAX_ROWS', 'limit=5000', undefined, [MAX_ROWS, 0]],
    ['Range alone', '', { first: 10, last: 19 }, [10, 10]],
    ['open Range', '', { first: 3, last: null }, [MAX_ROWS, 3]],
    ['Range narrower than limit', 'limit=10', { first: 1, last: 2 }, [2, 1]],
    ['limit narrower than Range', 'limit=2', { first: 1, last: 10 }, [1, 1]],
    ['offset inside Range', 'offset=1&limit=10', { first: 0, last: 2 }, [2, 1]],
  ])('%s', (_name, search, range, [limit, offset]) => {
    const { values } = statement('GET', 'notes', search, range ? { range } : {});
    expect(values.slice(-2)).toEqual([limit, offset]);
  });
});

describe('in lists are bound as ONE array parameter', () => {
  it('whatever the length of the list, the text is the same', () => {
    const three = statement('GET', 'clients', 'id=in.(a,b,c)', { userId: null });
    const many = Array.from({ length: 1000 }, (_, i) => `v${i}`);
    const thousand = statement('GET', 'clients', `id=in.(${many.join(',')})`, { userId: null });
    expect(three.text).toContain(' where "clients"."id" = any($1::uuid[]) limit $2 offset $3)');
    expect(thousand.text).toBe(three.text);
    expect(three.values).toEqual([['a', 'b', 'c'], MAX_ROWS, 0]);
    expect(thousand.values[0]).toEqual(many);
  });

  it('the array takes the column type, so values are checked by PostgreSQL', () => {
    expect(statement('GET', 'appointments', 'price=in.(1.50,2)', { userId: null }).text)
      .toContain('"appointments"."price" = any($1::numeric(10,2)[])');
  });

  it('in.() matches nothing and not.in.() everything, with an empty array', () => {
    const none = statement('GET', 'notes', 'id=in.()');
    const all = statement('GET', 'notes', 'id=not.in.()');
    expect(none.text).toContain(' where "notes"."id" = any($1::bigint[]) ');
    expect(all.text).toContain(' where not ("notes"."id" = any($1::bigint[])) ');
    expect([none.values[0], all.values[0]]).toEqual([[], []]);
  });
});

describe('injection attempts', () => {
  const encode = encodeURIComponent;
  it.each<[string, (value: string) => string, string, unknown]>([
    ['a filter value', (v) => `name=eq.${encode(v)}`, "x' or '1'='1", "x' or '1'='1"],
    ['a like pattern', (v) => `name=like.${encode(v)}`, "%'; drop table clients; --", "%'; drop table clients; --"],
    ['an in item', (v) => `name=in.(${encode(`"${v}"`)})`, "a') or true --", ["a') or true --"]],
    ['a quoted logic value', (v) => `or=(name.eq.${encode(`"${v}"`)},id.is.null)`, "x'),(true", "x'),(true"],
  ])('in %s stays a parameter', (_name, search, payload, bound) => {
    const attempt = statement('GET', 'clients', search(payload), { userId: null });
    const harmless = statement('GET', 'clients', search('plain'), { userId: null });
    expect(attempt.values[0]).toEqual(bound);
    // The statement text does not depend on the value at all.
    expect(attempt.text).toBe(harmless.text);
  });

  it.each([
    ['a filter column', `${encodeURIComponent('"name\\" = \'\' or true --"')}=eq.1`],
    ['a select column', `select=id,${encodeURIComponent('"name\\"; drop table clients; --"')}`],
    ['an order column', `order=${encodeURIComponent('"name\\" desc; drop table clients; --"')}`],
    ['a column in a nested logic tree', `or=(id.is.null,and(${encodeURIComponent('"x\\" or true --"')}.eq.1))`],
    ['an unknown plain column', 'nickname=eq.x'],
  ])('in %s is an unknown column (42703) before any SQL exists', (_name, search) => {
    const err = refusal(() => plan('GET', 'clients', search));
    expect([err.status, err.code]).toEqual([400, '42703']);
    expect(err.message).toMatch(/^column clients\..+ does not exist$/);
  });

  it.each([
    ['a statement after a filter column', `${encodeURIComponent('name;drop table clients')}=eq.x`],
    ['a statement after a quoted filter column', `${encodeURIComponent('"name"; --')}=eq.x`],
  ])('%s does not even parse (PGRST100)', (_name, search) => {
    expect(refusal(() => plan('GET', 'clients', search)).code).toBe('PGRST100');
  });

  it('a column of another table names no embedded resource (PGRST108), as in PostgREST', () => {
    const err = refusal(() => plan('GET', 'clients', 'auth.users.id=eq.x'));
    expect([err.status, err.code, err.message]).toEqual([400, 'PGRST108', "'auth' is not an embedded resource in this request"]);
  });

  it('an alias is user text but only ever a quoted identifier', () => {
    const alias = 'a" from pg_authid --';
    const { text } = statement('GET', 'clients', `select=${encodeURIComponent(`"${alias.replace('"', '\\"')}"`)}:name`);
    expect(text).toContain('"name" as "a"" from pg_authid --" from public."clients"');
  });

  it('a cast is limited to a plain type name', () => {
    const err = refusal(() => plan('GET', 'clients', `select=name::${encodeURIComponent('text or 1')}`));
    expect([err.status, err.code, err.message]).toEqual([400, 'PGRST100', 'invalid cast type (text or 1)']);
  });

  it('an unknown table is 404 PGRST205', () => {
    const err = refusal(() => plan('GET', 'pg_authid', ''));
    expect([err.status, err.code, err.message]).toEqual([404, 'PGRST205', "Could not find the table 'public.pg_authid' in the schema cache"]);
  });
});

describe('writes', () => {
  it('a bulk insert is one statement with the body as one JSON parameter', () => {
    const rows = [{ id: 1, body: 'a' }, { id: 2, body: "b'); drop table notes; --" }];
    const { text, values } = statement('POST', 'notes', '', { body: rows });
    expect(text).toBe('with pgrst_source as (insert into public."notes" ("id", "body") select "id", "body" from ' +
      'json_populate_recordset(null::public."notes", $1::json) _ returning public."notes".*, (xmax = 0) as pgrst_inserted) ' +
      'select (select count(*) from pgrst_source)::int as page_total, null::int as total, ' +
      '(select count(*) from pgrst_source where pgrst_inserted)::int as inserted, null::text as body, ' +
      'null::text as location_id');
    expect(values).toEqual([JSON.stringify(rows)]);
  });

  it.each([
    ['resolution=merge-duplicates', '', 'on conflict ("id") do update set "body" = excluded."body"'],
    ['resolution=ignore-duplicates', '', 'on conflict ("id") do nothing'],
    ['resolution=merge-duplicates', 'on_conflict=body', 'on conflict ("body") do update set "id" = excluded."id"'],
  ])('upsert with %s %s', (prefer, search, clause) => {
    expect(statement('POST', 'notes', search, { body: { id: 1, body: 'a' }, prefer }).text).toContain(` _ ${clause} returning `);
  });

  it('on_conflict without a resolution is a plain insert', () => {
    expect(statement('POST', 'notes', 'on_conflict=id', { body: { id: 1 } }).text).not.toContain('on conflict');
  });

  it('columns= restricts the inserted columns', () => {
    expect(statement('POST', 'notes', 'columns=body', { body: { id: 1, body: 'a', extra: true } }).text)
      .toContain('insert into public."notes" ("body") select "body" from');
  });

  it('PATCH updates from one JSON parameter, filtered and scoped to the tenant', () => {
    const { text, values } = statement('PATCH', 'clients', 'id=eq.1', { body: { name: 'n' }, prefer: 'return=representation' });
    expect(text).toContain('update public."clients" set "name" = pgrst_body."name" from ' +
      'json_populate_record(null::public."clients", $1::json) pgrst_body where "clients"."therapist_id" = $3 and "clients"."id" = $2 ' +
      'returning public."clients".*');
    expect(values).toEqual(['{"name":"n"}', '1', USER]);
  });

  it('DELETE is filtered and scoped to the tenant', () => {
    const { text, values } = statement('DELETE', 'clients', 'status=eq.gone');
    expect(text).toContain('delete from public."clients" where "clients"."therapist_id" = $2 and "clients"."status" = $1 returning');
    expect(values).toEqual(['gone', USER]);
  });

  it.each([
    ['PATCH', 'UPDATE', ''],
    ['PATCH', 'UPDATE', 'select=id&order=id&limit=1'],
    ['DELETE', 'DELETE', ''],
    ['DELETE', 'DELETE', 'limit=1'],
  ] as const)('%s without a filter (%s) is 21000', (method, verb, search) => {
    const err = refusal(() => plan(method, 'notes', search, { body: { body: 'x' } }));
    expect([err.status, err.code, err.message]).toEqual([400, '21000', `${verb} requires a WHERE clause`]);
  });

  it('objects with different keys are 400 PGRST102', () => {
    const err = refusal(() => plan('POST', 'notes', '', { body: [{ id: 1, body: 'a' }, { id: 2 }] }));
    expect([err.status, err.code, err.message]).toEqual([400, 'PGRST102', 'All object keys must match']);
  });

  it.each([
    ['POST', '', { id: 1, colour: 'red' }],
    ['POST', 'columns=id,colour', { id: 1 }],
    ['PATCH', 'id=eq.1', { colour: 'red' }],
  ] as const)('%s %s with an unknown body column is 400 PGRST204', (method, search, body) => {
    const err = refusal(() => plan(method, 'notes', search, { body }));
    expect([err.status, err.code, err.message]).toEqual([400, 'PGRST204', "Could not find the 'colour' column of 'notes' in the schema cache"]);
  });

  // A body of [] has no keys; `insert ... default values` would still write one row of defaults.
  it('POST [] inserts nothing', () => {
    expect(statement('POST', 'notes', '', { body: [] }).text).not.toContain('default values');
  });
});
