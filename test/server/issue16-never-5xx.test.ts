// No answer is ever a 5xx: requests built from the pieces issue 16 added (Prefer tokens, Accept and
// Content-Type, profiles, fts and quantified filters, PUT, CSV and form bodies), and issue 24's bad
// input (selects past PostgreSQL's 1664 target entries, bodies that are not UTF-8), and calls of
// functions through rpc/ (issue 28), valid and broken mixed at random, each answered below 500 with
// a well-formed body.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insert, practice, type Practice } from '../helpers/fixtures.js';
import { startTestServer } from '../helpers/server.js';

// Functions for rpc/ of every result shape and volatility, one that raises, one taking the whole body.
const FUNCTIONS = `
create function public.add_them(a integer, b integer default 1) returns integer language sql immutable as $$ select a + b $$;
create function public.clients_named(pattern text default '%') returns setof public.clients language sql stable
  as $$ select * from public.clients where name like pattern $$;
create function public.visit_totals(at_least integer) returns table(name text, visits integer) language sql stable
  as $$ select name, total_visits from public.clients where total_visits >= at_least $$;
create function public.echo(jsonb) returns jsonb language sql immutable as $$ select $1 $$;
create function public.echo_named(doc json) returns json language sql immutable as $$ select doc $$;
create function public.refuse(why text) returns void language plpgsql stable as $$ begin raise exception '%', why; end $$;
create function public.divide(a numeric, b numeric) returns numeric language sql immutable as $$ select a / b $$;
create function public.rename_all(new_name text) returns void language sql volatile as $$ update public.clients set name = new_name where false $$;
`;

const server = await startTestServer({ schemaSql: FUNCTIONS });
afterAll(() => server.close());

let t: Practice;
beforeAll(async () => {
  t = await practice(server);
  await insert(t, 'clients', [{ name: 'Ann Lee', notes: 'neck pain', total_visits: 0 }, { name: 'Bob', notes: null, total_visits: 4 }]);
});

const PREFER = [
  'handling=strict', 'handling=lenient', 'missing=default', 'missing=null', 'max-affected=1', 'max-affected=-1',
  'max-affected=x', 'timezone=UTC', 'timezone=Asia/Kolkata', 'timezone=+05:30', 'timezone=Nowhere/Else', 'timezone=',
  'return=representation', 'count=exact', 'resolution=merge-duplicates', 'tx=rollback', 'foo', '', ',', 'timezone=\'; drop',
];
const ACCEPT = ['text/csv', 'application/json', '*/*', 'text/csv;q=0', 'application/vnd.pgrst.object+json', 'text/html', 'text/*;q=x', ';;', ''];
const CONTENT_TYPE = ['application/json', 'text/csv', 'application/x-www-form-urlencoded', 'text/plain', 'text/csv; charset=utf-8', ''];
const PROFILE = [undefined, 'public', 'auth', 'pg_catalog', ''];
const FILTERS = [
  'notes=fts.neck', 'notes=fts(english).pain', 'notes=fts(nope).x', 'notes=wfts(english)."a b" -c', 'notes=phfts.(', 'notes=plfts.&&',
  'total_visits=fts.1', 'name=like(any).{A*,B*}', 'name=ilike(all).{', 'total_visits=gt(any).{1,x}', 'total_visits=eq(all).7',
  'id=eq(any).{}', 'name=match(any).{[}', 'name=neq(any).{a}', 'or=(notes.fts(english).neck,name.like(any).{A*})', 'id=eq.00000000-0000-0000-0000-000000000000',
  'limit=1', 'select=name,notes', 'columns=name,notes',
  `select=${Array(1700).fill('id').join(',')}`, `select=${Array(200).fill('*').join(',')}`,
  `select=id,${Array(1001).fill('appointments()').join(',')}`, `select=${Array(999).fill('name').join(',')}`,
];
// Not UTF-8: a lone 0xff in JSON, a cut two-byte sequence in CSV, an escaped one in a form.
const NOT_UTF8 = [Buffer.from('{"name":"Z\xffed"}', 'latin1'), Buffer.from('name\nZ\xc3(d\n', 'latin1'), 'name=Z%C3%28d'];
const BODIES: Array<string | Buffer> = [...NOT_UTF8, '{"name":"Zed"}', '[{"name":"Zed"},{"name":"Yan"}]', 'name,notes\nZed,NULL\n', 'name=Zed&notes=x', 'name\n"Zed', '', '[]', '{"id":"00000000-0000-0000-0000-000000000001","name":"Zed"}', 'total_visits\nten\n'];

const request = fc.record({
  method: fc.constantFrom('GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE'),
  prefer: fc.subarray(PREFER, { maxLength: 4 }),
  accept: fc.constantFrom(...ACCEPT),
  contentType: fc.constantFrom(...CONTENT_TYPE),
  profile: fc.constantFrom(...PROFILE),
  filters: fc.subarray(FILTERS, { maxLength: 3 }),
  body: fc.constantFrom(...BODIES),
});

it('answers every combination below 500, with a JSON error body when it refuses', async () => {
  const seen = new Set<number>();
  await fc.assert(fc.asyncProperty(request, async (r) => {
    const headers: Record<string, string> = { ...t.headers, prefer: r.prefer.join(', '), accept: r.accept, 'content-type': r.contentType };
    if (r.profile !== undefined) headers[['GET', 'HEAD'].includes(r.method) ? 'accept-profile' : 'content-profile'] = r.profile;
    const query = r.filters.map((filter) => filter.split('=').map((part, i) => (i === 0 ? part : encodeURIComponent(part))).join('=')).join('&');
    const hasBody = ['POST', 'PATCH', 'PUT'].includes(r.method);
    const response = await fetch(`${server.rest}/clients?${query}`, { method: r.method, headers, ...(hasBody ? { body: r.body } : {}) });
    const text = await response.text();
    seen.add(response.status);
    expect(response.status, `${r.method} ?${query} ${JSON.stringify(headers)} ${r.body}: ${text}`).toBeLessThan(500);
    if (response.status >= 400 && r.method !== 'HEAD') expect(Object.keys(JSON.parse(text)).sort()).toEqual(['code', 'details', 'hint', 'message']);
  }), { numRuns: 300, seed: 16 });
  // The mix reaches both the successes and the refusals, so the bound above is tested on each.
  expect([...seen].filter((status) => status < 300).length).toBeGreaterThanOrEqual(2);
  expect([...seen].filter((status) => status >= 400).length).toBeGreaterThanOrEqual(3);
});

const RPC_NAMES = ['add_them', 'clients_named', 'visit_totals', 'echo', 'refuse', 'divide', 'rename_all', 'practice_schema_version', 'nope', 'add_them%00', 'x'.repeat(300)];
const RPC_ARGS = ['a=1', 'a=x', 'b=99999999999', 'pattern=A%25', 'at_least=0', 'at_least=-1.5', 'why=no', 'a=1&b=0', 'new_name=Q', 'a=1&a=2', 'zzz=1', ''];
const RPC_QUERY = ['select=name', 'select=visits,name', 'select=nope', 'order=name.desc', 'name=eq.Bob', 'visits=gt.x', 'limit=1', 'offset=5', 'add_them=eq.2', 'select=count()', 'select=*,appointments(*)'];
const RPC_BODIES = ['{"a":1,"b":2}', '{"a":"x"}', '{"a":2147483647,"b":1}', '{"pattern":"%"}', '{"at_least":null}', '{"why":"stop"}', '{"a":1,"b":0}',
  '{"new_name":"Q"}', '{"any":["json",{"deep":true}]}', '[{"a":1}]', '"a"', 'null', '{', '', 'a=1&b=2', 'a,b\n1,2\n', '{"a":1,"zzz":2}'];

const rpcRequest = fc.record({
  method: fc.constantFrom('GET', 'HEAD', 'POST', 'PATCH', 'DELETE'),
  name: fc.constantFrom(...RPC_NAMES),
  args: fc.subarray(RPC_ARGS, { maxLength: 2 }),
  query: fc.subarray(RPC_QUERY, { maxLength: 3 }),
  prefer: fc.subarray(['return=minimal', 'count=exact', 'handling=strict', 'tx=rollback', 'params=single-object'], { maxLength: 2 }),
  // Mostly the headers a client sends, so that calls succeed as well as fail.
  accept: fc.oneof({ arbitrary: fc.constant('application/json'), weight: 3 }, { arbitrary: fc.constantFrom(...ACCEPT), weight: 1 }),
  contentType: fc.oneof({ arbitrary: fc.constant('application/json'), weight: 3 }, { arbitrary: fc.constantFrom(...CONTENT_TYPE), weight: 1 }),
  range: fc.constantFrom(undefined, '0-0', '5-9', 'x'),
  body: fc.constantFrom(...RPC_BODIES),
  anon: fc.boolean(),
});

it('answers every call of rpc/ below 500, with a JSON error body when it refuses', async () => {
  const seen = new Set<number>();
  let answered = 0;
  await fc.assert(fc.asyncProperty(rpcRequest, async (r) => {
    const headers: Record<string, string> = {
      ...(r.anon ? { apikey: server.keys.anonKey } : t.headers), prefer: r.prefer.join(', '), accept: r.accept, 'content-type': r.contentType,
    };
    if (r.range !== undefined) headers.range = r.range;
    const query = [...(r.method === 'POST' ? [] : r.args), ...r.query].join('&');
    const response = await fetch(`${server.rest}/rpc/${r.name}?${query}`, { method: r.method, headers, ...(r.method === 'POST' ? { body: r.body } : {}) });
    const text = await response.text();
    seen.add(response.status);
    if (response.status < 300) answered++;
    expect(response.status, `${r.method} rpc/${r.name}?${query} ${JSON.stringify(headers)} ${r.body}: ${text}`).toBeLessThan(500);
    if (response.status >= 400 && r.method !== 'HEAD') expect(Object.keys(JSON.parse(text)).sort()).toEqual(['code', 'details', 'hint', 'message']);
  }), { numRuns: 300, seed: 28 });
  // Calls succeed as well as fail, so the bound above is tested on each.
  expect(answered).toBeGreaterThanOrEqual(5);
  expect([...seen].filter((status) => status >= 400).length).toBeGreaterThanOrEqual(3);
});

// A call's body beside a JSON object, as PostgREST 12.2 reads it: arrays, scalars, CSV, forms, text,
// XML and bytes, under params=single-object and max-affected too.
const callBody = fc.record({
  name: fc.constantFrom('add_them', 'echo', 'echo_named', 'clients_named', 'practice_schema_version', 'rename_all'),
  contentType: fc.constantFrom('application/json', 'text/csv', 'application/x-www-form-urlencoded', 'text/plain', 'text/xml',
    'application/octet-stream', 'application/xml', ''),
  body: fc.constantFrom<string | Buffer>('{"a":1}', '[{"a":1},{"a":2}]', '[{"a":1},{"b":2}]', '[1,2]', '[]', '5', 'null', '"a"', 'a\n1\n',
    'a=1', '<a>1</a>', '', NOT_UTF8[0]!, Buffer.from([0x89, 0x50, 0xff, 0x00])),
  prefer: fc.subarray(['params=single-object', 'handling=strict', 'max-affected=0', 'count=exact'], { maxLength: 3 }),
});

it('answers every body of a call below 500, with a JSON error body when it refuses', async () => {
  const seen = new Set<number>();
  let answered = 0;
  await fc.assert(fc.asyncProperty(callBody, async (r) => {
    const headers = { ...t.headers, prefer: r.prefer.join(', '), 'content-type': r.contentType };
    const response = await fetch(`${server.rest}/rpc/${r.name}`, { method: 'POST', headers, body: r.body });
    const text = await response.text();
    seen.add(response.status);
    if (response.status < 300) answered++;
    expect(response.status, `rpc/${r.name} ${JSON.stringify(headers)} ${r.body.toString()}: ${text}`).toBeLessThan(500);
    if (response.status >= 400) expect(Object.keys(JSON.parse(text)).sort()).toEqual(['code', 'details', 'hint', 'message']);
  }), { numRuns: 200, seed: 12 });
  expect(answered).toBeGreaterThanOrEqual(10);
  expect([...seen].filter((status) => status >= 400).length).toBeGreaterThanOrEqual(3);
});

// Issue 24 (9): a NUL in any field of any /auth/v1 body, which PostgreSQL's text cannot hold, is a
// 400 in Supabase Auth's shape before any query, never a 500 unexpected_failure.
it('answers a NUL in any field of an auth body with 400 validation_failed, in Supabase Auth shape', async () => {
  const { token } = await server.therapist();
  const ROUTES = [
    { method: 'POST', path: '/signup', body: { email: 'ann@example.com', password: 'correct horse', data: { name: 'Ann' }, phone: '+15550100' } },
    { method: 'POST', path: '/token?grant_type=password', body: { email: 'ann@example.com', password: 'correct horse' } },
    { method: 'POST', path: '/token?grant_type=refresh_token', body: { refresh_token: 'abcdef' } },
    { method: 'PUT', path: '/user', body: { email: 'bob@example.com', password: 'another one', data: { theme: 'dark' } } },
  ] as const;
  const nulAt = fc.record({ route: fc.constantFrom(...ROUTES), field: fc.nat(), at: fc.nat() });
  await fc.assert(fc.asyncProperty(nulAt, async ({ route, field, at }) => {
    const fields = Object.keys(route.body);
    const name = fields[field % fields.length]!;
    const value = (route.body as Record<string, unknown>)[name];
    const withNul = (text: string) => `${text.slice(0, at % (text.length + 1))}\u0000${text.slice(at % (text.length + 1))}`;
    const body = { ...route.body, [name]: typeof value === 'string' ? withNul(value) : { [withNul('key')]: value } };
    const answer = await fetch(`${server.url}/auth/v1${route.path}`, {
      method: route.method,
      headers: { apikey: server.keys.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await answer.text();
    expect(answer.status, `${route.method} ${route.path} ${JSON.stringify(body)}: ${text}`).toBe(400);
    expect(JSON.parse(text)).toMatchObject({ code: 400, error_code: 'validation_failed', msg: expect.any(String) });
  }), { numRuns: 60, seed: 24 });
});

// Issue 24.9, each bad input alone: a 4xx in the API's own shape, nothing stored, and the service still serving.
it.each([
  ['1,700 columns', `select=${Array(1700).fill('id').join(',')}`],
  ['200 stars, 3,000 and more columns once expanded', `select=${Array(200).fill('*').join(',')}`],
  ['1,001 embedded resources', `select=${Array(1001).fill('appointments()').join(',')}`],
  ['17 embedded resources', `select=id,${Array(17).fill('appointments()').join(',')}`, 'Too many embedded resources in select: at most 16 are allowed'],
  ['18 embedded resources, half of them nested', `select=id,${Array(9).fill('appointments(clients())').join(',')}`, 'Too many embedded resources in select: at most 16 are allowed'],
])('refuses a select of %s with 400 PGRST100, and serves the next request', async (_what, query, message = 'Too many columns in select: at most 1000 are allowed') => {
  const u = await practice(server);
  await insert(u, 'clients', { name: 'Ann Lee' });
  const reply = await u.get(`/clients?${query}`);
  expect({ status: reply.status, code: reply.body.code, message: reply.body.message })
    .toEqual({ status: 400, code: 'PGRST100', message });
  expect((await u.get('/clients?select=name')).body).toEqual([{ name: 'Ann Lee' }]);
});

it('serves a select of 16 embedded resources, the most allowed', async () => {
  const u = await practice(server);
  await insert(u, 'clients', { name: 'Ann Lee' });
  const reply = await u.get(`/clients?select=name,${Array.from({ length: 16 }, (_, i) => `a${i}:appointments(id)`).join(',')}`);
  expect(reply.status, reply.text).toBe(200);
  expect(reply.body[0].a15).toEqual([]);
});

it('serves a select of 1,000 columns, the most allowed', async () => {
  const u = await practice(server);
  await insert(u, 'clients', { name: 'Ann Lee' });
  const reply = await u.get(`/clients?select=${Array(1000).fill('name').join(',')}`);
  expect(reply.status, reply.text).toBe(200);
  expect(reply.body).toEqual([{ name: 'Ann Lee' }]);
});

it.each([
  ['application/json', NOT_UTF8[0]!],
  ['text/csv', NOT_UTF8[1]!],
  ['application/x-www-form-urlencoded', NOT_UTF8[2]!],
])('refuses a %s body that is not UTF-8 with 400 PGRST102, storing nothing', async (contentType, body) => {
  const u = await practice(server);
  const response = await fetch(`${server.rest}/clients`, { method: 'POST', headers: { ...u.headers, 'content-type': contentType }, body });
  expect({ status: response.status, body: await response.json() }).toEqual({
    status: 400,
    body: { code: 'PGRST102', details: null, hint: 'Send the body encoded as UTF-8.', message: 'Request body is not valid UTF-8' },
  });
  expect((await u.get('/clients?select=name')).body).toEqual([]);
});

it('keeps a form body whose escapes are UTF-8, and a % that escapes nothing, as before', async () => {
  const u = await practice(server);
  const reply = await u.post('/clients', 'name=Z%C3%A9d&notes=50%', { 'content-type': 'application/x-www-form-urlencoded', prefer: 'return=representation' });
  expect(reply.status, reply.text).toBe(201);
  expect(reply.body[0]).toMatchObject({ name: 'Zéd', notes: '50%' });
});

it('refuses a sign-up body that is not UTF-8 in Supabase Auth\'s shape', async () => {
  const response = await fetch(`${server.auth}/signup`, {
    method: 'POST',
    headers: { apikey: server.keys.anonKey, 'content-type': 'application/json' },
    body: Buffer.from('{"email":"z\xff@example.com","password":"correct horse battery"}', 'latin1'),
  });
  expect({ status: response.status, body: await response.json() })
    .toEqual({ status: 400, body: { code: 400, error_code: 'bad_json', msg: 'Could not parse request body as JSON' } });
});
