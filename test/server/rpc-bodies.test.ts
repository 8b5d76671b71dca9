// What a POST to `rpc/<name>` may carry beside a JSON object, as PostgREST 12.2 reads it
// (ApiRequest.hs getPayload, Plan.hs findProc and callPlan): an array (its first object), a scalar
// or null (no arguments), CSV rows, `Prefer: params=single-object`, and text, XML or bytes, which
// only a function of one unnamed parameter of their type takes.
import { afterAll, describe, expect, it } from 'vitest';
import { expectError, practice, type Reply } from '../helpers/fixtures.js';
import { call, startTestServer } from '../helpers/server.js';

const FUNCTIONS = `
create function public.add_them(a integer, b integer default 10) returns integer language sql immutable as $$ select a + b $$;
create function public.seven() returns integer language sql immutable as $$ select 7 $$;
create function public.maybe_one(a integer default 1) returns integer language sql immutable as $$ select a $$;
create function public.echo(json) returns json language sql immutable as $$ select $1 $$;
create function public.echo_named(doc jsonb) returns jsonb language sql immutable as $$ select doc $$;
create function public.pick(x integer, y integer) returns text language sql immutable as $$ select 'by name' $$;
create function public.pick(doc json) returns text language sql immutable as $$ select 'whole' $$;
create function public.two_docs(a json) returns integer language sql immutable as $$ select 1 $$;
create function public.two_docs(b jsonb) returns integer language sql immutable as $$ select 2 $$;
create function public.shout(text) returns text language sql immutable as $$ select upper($1) $$;
create function public.byte_count(bytea) returns integer language sql immutable as $$ select length($1) $$;
create function public.by_type(json) returns text language sql immutable as $$ select 'json' $$;
create function public.by_type(text) returns text language sql immutable as $$ select 'text' $$;
create function public.by_type(bytea) returns text language sql immutable as $$ select 'bytea' $$;
create function public.by_type() returns text language sql immutable as $$ select 'none' $$;
create function public.by_type(x integer, y integer) returns text language sql immutable as $$ select 'named' $$;
create function public.twin(json) returns integer language sql immutable as $$ select 1 $$;
create function public.twin(jsonb) returns integer language sql immutable as $$ select 2 $$;
create function public.as_text(n numeric) returns text language sql immutable as $$ select n::text $$;
create function public.last_word(word text) returns text language sql immutable as $$ select word $$;
create function public.joined(variadic words text[]) returns text language sql immutable as $$ select array_to_string(words, '+') $$;
`;

const server = await startTestServer({ schemaSql: FUNCTIONS });
afterAll(() => server.close());

const SINGLE_OBJECT = { prefer: 'params=single-object' };

/** PGRST202 as PostgREST words it when the lookup was by one parameter only: no arguments named, no hint. */
function expectOneParameterMissing(reply: Reply, name: string, searched: string): void {
  expect(expectError(reply, 404, 'PGRST202')).toEqual({
    code: 'PGRST202',
    message: `Could not find the function public.${name} in the schema cache`,
    details: `Searched for the function public.${name} with a single ${searched} parameter, but no matches were found in the schema cache.`,
    hint: null,
  });
}

describe('the arguments as PostgREST passes them', () => {
  it('a JSON object body as it came: a number past a double\'s digits stays exact', async () => {
    const owner = await practice(server);
    const reply = await call(`${server.rest}/rpc/as_text`, {
      method: 'POST', headers: { ...owner.headers, 'content-type': 'application/json' }, body: '{"n": 12345678901234567890.123456789}',
    });
    expect(reply.body).toBe('12345678901234567890.123456789');
  });

  it('a repeated query argument: its last value, but every value of a variadic parameter (a single one too)', async () => {
    const owner = await practice(server);
    expect((await owner.get('/rpc/last_word?word=first&word=second')).body).toBe('second');
    expect((await owner.get('/rpc/joined?words=a&words=b&words=c')).body).toBe('a+b+c');
    expect((await owner.get('/rpc/joined?words=alone')).body).toBe('alone');
  });
});

describe('a JSON body that is not an object', () => {
  it('an array is called once, with its first object', async () => {
    const owner = await practice(server);
    expect((await owner.post('/rpc/add_them', [{ a: 1, b: 2 }, { a: 4, b: 6 }, { a: 100, b: 200 }])).body).toBe(3);
    expect((await owner.post('/rpc/seven', [])).body).toBe(7);
    // A single unnamed json parameter gets the array itself.
    expect((await owner.post('/rpc/echo', [{ a: 1 }, { a: 2 }])).body).toEqual([{ a: 1 }, { a: 2 }]);
  });

  it('an array whose elements are not objects with the same keys is 400 PGRST102, as PostgREST', async () => {
    const owner = await practice(server);
    for (const body of [[{ a: 1 }, { b: 2 }], [{ a: 1 }, { a: 1, b: 2 }], [1, 2], [{ a: 1 }, 2]]) {
      const refused = expectError(await owner.post('/rpc/add_them', body), 400, 'PGRST102');
      expect(refused).toEqual({ code: 'PGRST102', message: 'All object keys must match', details: null, hint: null });
      expectError(await owner.post('/rpc/echo', body), 400, 'PGRST102');
    }
  });

  it('a scalar or null gives no arguments, and a single json parameter []', async () => {
    const owner = await practice(server);
    for (const body of ['null', '5', '"text"', 'true']) {
      expect((await owner.post('/rpc/seven', body)).body).toBe(7);
      expect((await owner.post('/rpc/echo', body)).body).toEqual([]);
      const missing = expectError(await owner.post('/rpc/add_them', body), 404, 'PGRST202');
      expect(missing.message).toBe('Could not find the function public.add_them without parameters in the schema cache');
    }
  });

  it('CSV rows are an array too: the first row is the call', async () => {
    const owner = await practice(server);
    const csv = await owner.post('/rpc/add_them', 'a,b\n1,2\n4,6', { 'content-type': 'text/csv' });
    expect(csv.status).toBe(200);
    expect(csv.body).toBe(3);
    // Only a POST of JSON falls back to a single unnamed json parameter.
    const notJson = expectError(await owner.post('/rpc/echo', 'a\n1', { 'content-type': 'text/csv' }), 404, 'PGRST202');
    expect(notJson.details).toBe('Searched for the function public.echo with parameter a, but no matches were found in the schema cache.');
  });
});

describe('Prefer: params=single-object (PostgREST 12; removed in 13)', () => {
  it('passes the body whole to the one json or jsonb parameter, named or not, and says so', async () => {
    const owner = await practice(server);
    const named = await owner.post('/rpc/echo_named', { x: 1, nested: { y: [2] } }, SINGLE_OBJECT);
    expect(named.status).toBe(200);
    expect(named.body).toEqual({ x: 1, nested: { y: [2] } });
    expect(named.headers.get('preference-applied')).toBe('params=single-object');
    expect((await owner.post('/rpc/echo', { x: 1 }, SINGLE_OBJECT)).body).toEqual({ x: 1 });
    // A GET's arguments, as one object of strings.
    expect((await owner.get('/rpc/echo_named?x=1&y=two', SINGLE_OBJECT)).body).toEqual({ x: '1', y: 'two' });
  });

  it('chooses the overload of one json parameter over the one the keys name', async () => {
    const owner = await practice(server);
    expect((await owner.post('/rpc/pick', { x: 1, y: 2 })).body).toBe('by name');
    expect((await owner.post('/rpc/pick', { x: 1, y: 2 }, SINGLE_OBJECT)).body).toBe('whole');
    const ambiguous = expectError(await owner.post('/rpc/two_docs', {}, SINGLE_OBJECT), 300, 'PGRST203');
    expect(ambiguous.message).toBe('Could not choose the best candidate function between: public.two_docs(a => json), public.two_docs(b => jsonb)');
    // Unnamed, each is written with its empty name, as PostgREST's AmbiguousRpc writes it.
    const twins = expectError(await owner.post('/rpc/twin', { a: 1 }), 300, 'PGRST203');
    expect(twins.message).toBe('Could not choose the best candidate function between: public.twin( => json), public.twin( => jsonb)');
  });

  it('without one json parameter is PGRST202 naming no arguments, as PostgREST 12', async () => {
    const owner = await practice(server);
    expectOneParameterMissing(await owner.post('/rpc/add_them', { a: 1 }, SINGLE_OBJECT), 'add_them', 'json/jsonb');
    expectOneParameterMissing(await owner.get('/rpc/seven', SINGLE_OBJECT), 'seven', 'json/jsonb');
  });

  it('is a known preference under handling=strict, and named only by calls', async () => {
    const owner = await practice(server);
    const strict = await owner.post('/rpc/echo_named', { x: 1 }, { prefer: 'handling=strict, params=single-object' });
    expect(strict.status).toBe(200);
    expect(strict.headers.get('preference-applied')).toBe('params=single-object, handling=strict');
    const table = await owner.get('/clients?select=id', SINGLE_OBJECT);
    expect(table.status).toBe(200);
    expect(table.headers.get('preference-applied')).toBeNull();
  });
});

describe('a text, XML or binary body', () => {
  it.each([
    ['text/plain', 'text'],
    ['text/plain; charset=utf-8', 'text'],
    ['text/xml', 'xml'],
    ['application/octet-stream', 'bytea'],
  ])('%s is looked up by a single unnamed %s parameter: PGRST202 when there is none', async (contentType, type) => {
    const owner = await practice(server);
    // Not even a function without parameters takes it.
    expectOneParameterMissing(await owner.post('/rpc/seven', 'a simple text', { 'content-type': contentType }), 'seven', `unnamed ${type}`);
  });

  it('goes whole to a function of one unnamed text or bytea parameter', async () => {
    const owner = await practice(server);
    const text = await owner.post('/rpc/shout', 'unnamed text arg', { 'content-type': 'text/plain' });
    expect(text.status).toBe(200);
    expect(text.body).toBe('UNNAMED TEXT ARG');
    // Every byte as it came: a NUL and bytes that are not UTF-8 too.
    const bytes = await call(`${server.rest}/rpc/byte_count`, {
      method: 'POST', headers: { ...owner.headers, 'content-type': 'application/octet-stream' }, body: new Uint8Array([0x89, 0x00, 0xff, 0x50]),
    });
    expect(bytes.body).toBe(4);
  });

  it('chooses among overloads by the body\'s type, as PostgREST\'s findProc', async () => {
    const owner = await practice(server);
    expect((await owner.post('/rpc/by_type', {})).body).toBe('none');
    expect((await owner.post('/rpc/by_type', { x: 1, y: 2 })).body).toBe('named');
    expect((await owner.post('/rpc/by_type', { a: 1 })).body).toBe('json');
    expect((await owner.post('/rpc/by_type', 'words', { 'content-type': 'text/plain' })).body).toBe('text');
    expect((await owner.post('/rpc/by_type', 'bytes', { 'content-type': 'application/octet-stream' })).body).toBe('bytea');
    expect((await owner.get('/rpc/by_type')).body).toBe('none');
  });

  it('a function whose every parameter has a default is called with none, as PostgREST matches it', async () => {
    const owner = await practice(server);
    expect((await owner.post('/rpc/maybe_one', 'ignored', { 'content-type': 'text/plain' })).body).toBe(1);
  });

  it('bytes that are not UTF-8 are looked up like any other binary body, not refused as text', async () => {
    const owner = await practice(server);
    const reply = await call(`${server.rest}/rpc/add_them`, {
      method: 'POST',
      headers: { ...owner.headers, 'content-type': 'application/octet-stream' },
      body: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe]),
    });
    expectOneParameterMissing(reply, 'add_them', 'unnamed bytea');
  });

  it('any other type is 400 PGRST102, as PostgREST', async () => {
    const owner = await practice(server);
    const refused = expectError(await owner.post('/rpc/seven', '<a/>', { 'content-type': 'application/xml' }), 400, 'PGRST102');
    expect(refused.message).toBe('Content-Type not acceptable: application/xml');
  });
});
