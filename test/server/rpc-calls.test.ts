// `rpc/<name>` as PostgREST serves it (docs/supabase-compat.md): arguments by name in a POST body or
// a GET's query, results shaped by what the function returns, overloads chosen by argument names,
// and every call in the request's transaction as the caller, so row-level security applies inside.
import { afterAll, describe, expect, it } from 'vitest';
import { anonymous, createClient, expectError, practice, rows, SINGLE } from '../helpers/fixtures.js';
import { startTestServer } from '../helpers/server.js';

const FUNCTIONS = `
create function public.add_them(a integer, b integer default 10) returns integer language sql immutable as $$ select a + b $$;
create function public.numbers(n integer) returns setof integer language sql immutable as $$ select generate_series(1, n) $$;
create function public.clients_named(pattern text default '%') returns setof public.clients language sql stable
  as $$ select * from public.clients where name like pattern $$;
create function public.client_summary() returns table(total bigint, first_name text) language sql stable
  as $$ select count(*), min(name) from public.clients $$;
create function public.first_client() returns public.clients language sql stable as $$ select * from public.clients order by name limit 1 $$;
create function public.echo(json) returns json language sql immutable as $$ select $1 $$;
create function public.overloaded(x integer) returns integer language sql immutable as $$ select x $$;
create function public.overloaded(x text) returns text language sql immutable as $$ select x $$;
create function public.rename_all(new_name text) returns void language sql volatile as $$ update public.clients set name = new_name $$;
create function public.rename_each(new_name text) returns setof public.clients language sql volatile
  as $$ update public.clients set name = new_name returning * $$;
create function public.greet(name text) returns text language sql immutable as $$ select 'Hello, ' || name || '!' $$;
create function public.hidden() returns integer language sql immutable as $$ select 1 $$;
revoke execute on function public.hidden() from public, anon, authenticated;
create function public.signed_in_only() returns integer language sql immutable as $$ select 2 $$;
revoke execute on function public.signed_in_only() from public, anon;
grant execute on function public.signed_in_only() to authenticated;
`;

const server = await startTestServer({ schemaSql: FUNCTIONS });
afterAll(() => server.close());

describe('calling a function', () => {
  it('takes named arguments from a POST body or a GET query, defaults filling the rest', async () => {
    const owner = await practice(server);
    const posted = await owner.post('/rpc/add_them', { a: 1, b: 2 });
    expect(posted.status).toBe(200);
    expect(posted.body).toBe(3);
    expect((await owner.post('/rpc/add_them', { a: 1 })).body).toBe(11);
    const got = await owner.get('/rpc/add_them?a=4&b=5');
    expect(got.status).toBe(200);
    expect(got.body).toBe(9);
    // As one object (supabase-js's .rpc().single()), a scalar is still the value itself.
    const single = await owner.post('/rpc/add_them', { a: 1, b: 2 }, { accept: 'application/vnd.pgrst.object+json' });
    expect(single.status).toBe(200);
    expect(single.headers.get('content-type')).toMatch(/^application\/vnd\.pgrst\.object\+json/);
    expect(single.text).toBe('3');
  });

  it('answers the schema version migration 11 adds, to anyone', async () => {
    const version = await anonymous(server).get('/rpc/practice_schema_version');
    expect(version.status).toBe(200);
    expect(version.body).toBeGreaterThanOrEqual(11);
  });

  it('shapes a set of scalars as an array, a single row as an object, a set of rows as rows', async () => {
    const owner = await practice(server);
    await createClient(owner, { name: 'Bea' });
    await createClient(owner, { name: 'Al' });
    expect((await owner.get('/rpc/numbers?n=3')).body).toEqual([1, 2, 3]);
    const first = await owner.post('/rpc/first_client', {});
    expect(first.body).toMatchObject({ name: 'Al', therapist_id: owner.id });
    expect((await owner.get('/rpc/client_summary')).body).toEqual([{ total: 2, first_name: 'Al' }]);
    const named = await owner.get('/rpc/clients_named?select=name&order=name.desc');
    expect(named.body).toEqual([{ name: 'Bea' }, { name: 'Al' }]);
  });

  it('filters, orders, pages and counts a set result', async () => {
    const owner = await practice(server);
    for (const name of ['Ann', 'Bob', 'Cy', 'Di']) await createClient(owner, { name });
    const page = await owner.post('/rpc/clients_named?select=name&name=neq.Bob&order=name&limit=2&offset=1', {}, { prefer: 'count=exact' });
    expect(page.status).toBe(206);
    expect(page.body).toEqual([{ name: 'Cy' }, { name: 'Di' }]);
    expect(page.headers.get('content-range')).toBe('1-2/3');
    const ranged = await owner.get('/rpc/clients_named?select=name&order=name', { range: '0-0' });
    expect(ranged.body).toEqual([{ name: 'Ann' }]);
    const head = await owner.head('/rpc/clients_named?pattern=A%25');
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    const csv = await owner.get('/rpc/clients_named?select=name&order=name&limit=2', { accept: 'text/csv' });
    expect(csv.text).toBe('name\nAnn\nBob');
    const one = await owner.get('/rpc/clients_named?select=name&name=eq.Cy', SINGLE);
    expect(one.body).toEqual({ name: 'Cy' });
  });

  it('gives a single unnamed json parameter the whole body', async () => {
    const owner = await practice(server);
    expect((await owner.post('/rpc/echo', { any: ['thing', 1] })).body).toEqual({ any: ['thing', 1] });
  });

  it('runs as the caller: row-level security applies inside, never another practice\'s rows', async () => {
    const [first, second] = [await practice(server), await practice(server)];
    await createClient(first, { name: 'Mine' });
    expect((await second.get('/rpc/client_summary')).body).toEqual([{ total: 0, first_name: null }]);
    expect((await anonymous(server).get('/rpc/clients_named')).body).toEqual([]);
  });

  it('writes through a volatile function on POST, answers 204 for void, and the result whatever return= says, as PostgREST', async () => {
    const owner = await practice(server);
    await createClient(owner, { name: 'Old' });
    const renamed = await owner.post('/rpc/rename_all', { new_name: 'New' });
    expect(renamed.status).toBe(204);
    expect((await owner.get('/rpc/clients_named?select=name')).body).toEqual([{ name: 'New' }]);
    const minimal = await owner.post('/rpc/add_them', { a: 1 }, { prefer: 'return=minimal' });
    expect(minimal.status).toBe(200);
    expect(minimal.text).not.toBe('');
    expect(minimal.headers.get('preference-applied')).toBeNull();
  });

  it('passes ?name= as the empty string and ignores a key without =, as PostgREST\'s qsParams', async () => {
    const owner = await practice(server);
    const empty = await owner.get('/rpc/greet?name=');
    expect(empty.status).toBe(200);
    expect(empty.body).toBe('Hello, !');
    expect((await owner.get('/rpc/add_them?a=1&b')).body).toBe(11);
    const bare = expectError(await owner.get('/rpc/greet?name'), 404, 'PGRST202');
    expect(bare.message).toBe('Could not find the function public.greet without parameters in the schema cache');
  });

  it('names a scalar result\'s one column pgrst_scalar, in CSV and in filters, as PostgREST', async () => {
    const owner = await practice(server);
    const csv = await owner.get('/rpc/add_them?a=1', { accept: 'text/csv' });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.text).toBe('pgrst_scalar\n11');
    expect((await owner.get('/rpc/numbers?n=3', { accept: 'text/csv' })).text).toBe('pgrst_scalar\n1\n2\n3');
    expect((await owner.get('/rpc/numbers?n=3&pgrst_scalar=gt.1&order=pgrst_scalar.desc')).body).toEqual([3, 2]);
  });

  it('refuses a call returning more rows than max-affected under handling=strict (PGRST124, PostgREST 12.2), undoing its writes', async () => {
    const owner = await practice(server);
    for (const name of ['Ann', 'Bob']) await createClient(owner, { name });
    const refused = await owner.post('/rpc/rename_each', { new_name: 'Same' }, { prefer: 'handling=strict, max-affected=1' });
    expect(expectError(refused, 400, 'PGRST124')).toEqual({
      code: 'PGRST124', message: 'Query result exceeds max-affected preference constraint', details: 'The query affects 2 rows', hint: null,
    });
    expect(await rows(owner, '/clients?select=name&order=name')).toEqual([{ name: 'Ann' }, { name: 'Bob' }]);
    // Without handling=strict it is not honoured, nor named.
    const lenient = await owner.post('/rpc/numbers', { n: 3 }, { prefer: 'max-affected=1' });
    expect(lenient.body).toEqual([1, 2, 3]);
    expect(lenient.headers.get('preference-applied')).toBeNull();
    const allowed = await owner.post('/rpc/rename_each?select=name', { new_name: 'Same' }, { prefer: 'handling=strict, max-affected=2' });
    expect(allowed.status).toBe(200);
    expect(allowed.body).toEqual([{ name: 'Same' }, { name: 'Same' }]);
    expect(allowed.headers.get('preference-applied')).toBe('handling=strict, max-affected=2');
    // The rows returned count, after the result's filters: a scalar is one.
    expectError(await owner.get('/rpc/add_them?a=1', { prefer: 'handling=strict, max-affected=0' }), 400, 'PGRST124');
    expect((await owner.get('/rpc/numbers?n=5&limit=2', { prefer: 'handling=strict, max-affected=2' })).body).toEqual([1, 2]);
  });

  it('refuses a write through GET with 405, as the read-only transaction PostgREST opens does', async () => {
    const owner = await practice(server);
    await createClient(owner, { name: 'Kept' });
    expectError(await owner.get('/rpc/rename_all?new_name=Gone'), 405, '25006');
    expect((await owner.get('/rpc/clients_named?select=name')).body).toEqual([{ name: 'Kept' }]);
  });
});

describe('the OpenAPI document', () => {
  it('lists the functions the caller may execute, GET only for those that only read', async () => {
    const owner = await practice(server);
    const document = (await owner.get('/')).body;
    expect(document.paths['/rpc/add_them']).toEqual({
      get: {
        tags: ['(rpc) add_them'],
        parameters: [
          { name: 'a', in: 'query', required: true, type: 'integer', format: 'integer' },
          { name: 'b', in: 'query', required: false, type: 'integer', format: 'integer' },
        ],
        responses: { 200: { description: 'OK' } },
      },
      post: {
        tags: ['(rpc) add_them'],
        parameters: [{
          name: 'args', in: 'body', required: true,
          schema: { type: 'object', properties: { a: { type: 'integer', format: 'integer' }, b: { type: 'integer', format: 'integer' } }, required: ['a'] },
        }],
        responses: { 200: { description: 'OK' } },
      },
    });
    expect(Object.keys(document.paths['/rpc/rename_all'])).toEqual(['post']);
    expect(document.paths['/rpc/hidden']).toBeUndefined();
    expect(document.paths['/rpc/practice_schema_version'].get.summary).toMatch(/highest schema migration/);
  });
});

describe('a function that cannot be chosen', () => {
  it('is PGRST202 with PostgREST\'s wording and its "Perhaps you meant" hint', async () => {
    const owner = await practice(server);
    const wrongArgs = expectError(await owner.post('/rpc/add_them', { x: 1 }), 404, 'PGRST202');
    expect(wrongArgs).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.add_them(x) in the schema cache',
      details: 'Searched for the function public.add_them with parameter x or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.add_them(a, b)',
    });
    const misspelt = expectError(await owner.post('/rpc/add_theme', {}), 404, 'PGRST202');
    expect(misspelt.message).toBe('Could not find the function public.add_theme without parameters in the schema cache');
    expect(misspelt.details).toBe('Searched for the function public.add_theme without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.');
    expect(misspelt.hint).toBe('Perhaps you meant to call the function public.add_them');
    // Only a POST of JSON could have gone to a single json parameter, so only it says it looked for one.
    const got = expectError(await owner.get('/rpc/add_them?x=1'), 404, 'PGRST202');
    expect(got.details).toBe('Searched for the function public.add_them with parameter x, but no matches were found in the schema cache.');
  });

  it('takes Range on a GET only, as PostgREST', async () => {
    const owner = await practice(server);
    await createClient(owner, { name: 'Ann' });
    await createClient(owner, { name: 'Bea' });
    const paged = await owner.get('/rpc/clients_named?select=name&order=name', { range: '1-1' });
    expect(paged.body).toEqual([{ name: 'Bea' }]);
    const posted = await owner.post('/rpc/clients_named?select=name&order=name', {}, { range: '1-1' });
    expect(posted.body).toEqual([{ name: 'Ann' }, { name: 'Bea' }]);
    expect(posted.headers.get('content-range')).toBe('0-1/*');
  });

  it('is 42501 for a function the caller may not execute, 401 for anon and 403 signed in, as PostgREST', async () => {
    const owner = await practice(server);
    const refused = expectError(await owner.post('/rpc/hidden', {}), 403, '42501');
    expect(refused.message).toBe('permission denied for function hidden');
    expectError(await owner.get('/rpc/hidden'), 403, '42501');
    const anon = await anonymous(server).post('/rpc/hidden', {});
    expectError(anon, 401, '42501');
    expect(anon.headers.get('www-authenticate')).toBe('Bearer');
    // Granted to authenticated only: anon is refused, the signed-in caller answered.
    expectError(await anonymous(server).get('/rpc/signed_in_only'), 401, '42501');
    expect((await owner.get('/rpc/signed_in_only')).body).toBe(2);
  });

  it('is PGRST203 between overloads taking the same names', async () => {
    const body = expectError(await (await practice(server)).post('/rpc/overloaded', { x: 1 }), 300, 'PGRST203');
    expect(body.message).toBe('Could not choose the best candidate function between: public.overloaded(x => integer), public.overloaded(x => text)');
  });

  it('is PGRST101 for a method other than GET, HEAD or POST', async () => {
    expectError(await (await practice(server)).patch('/rpc/add_them', { a: 1 }), 405, 'PGRST101');
  });
});
