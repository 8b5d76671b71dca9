// PostgREST's full-text and quantified operators, CSV answers chosen by the Accept header, and CSV
// and form bodies, as PostgREST 12-14 answers them (docs/supabase-compat.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, insert, practice, REPRESENTATION, rows, type Practice } from '../helpers/fixtures.js';
import { startTestServer } from '../helpers/server.js';

const server = await startTestServer();
afterAll(() => server.close());

let t: Practice;
beforeAll(async () => {
  t = await practice(server);
  await insert(t, 'clients', [
    { name: 'Ann Lee', notes: 'Runs marathons; knees hurt after running', total_visits: 3 },
    { name: 'Bob Stone', notes: 'Prefers a firm pressure. The fat cat sat on the mat', total_visits: 0 },
    { name: 'Carol, Jr.', notes: 'Desk worker with neck pain', total_visits: 7 },
    { name: 'Dan "D" Ray', notes: null, total_visits: 12 },
  ]);
});

async function names(query: string): Promise<string[]> {
  return (await rows(t, `/clients?select=name&order=name&${query}`)).map((row) => row.name as string);
}

const enc = encodeURIComponent;

describe('full-text search on text columns', () => {
  it.each<[string, string, string[]]>([
    ['fts with a configuration stems the words', `notes=fts(english).${enc('run & knee')}`, ['Ann Lee']],
    ['fts without one uses the default configuration', `notes=fts.${enc('marathons')}`, ['Ann Lee']],
    ['plfts: plain words, all of them', `notes=plfts(english).${enc('neck desk')}`, ['Carol, Jr.']],
    ['phfts: the words as a phrase', `notes=phfts(english).${enc('fat cat')}`, ['Bob Stone']],
    ['phfts: out of order is no phrase', `notes=phfts(english).${enc('cat fat')}`, []],
    ['wfts: web search syntax', `notes=wfts(english).${enc('"firm pressure" -knees')}`, ['Bob Stone']],
    ['not.fts negates it (null notes stay out, as in PostgreSQL)', `notes=not.fts(english).${enc('pain')}`, ['Ann Lee', 'Bob Stone']],
    ['inside or=()', `or=(notes.fts(english).neck,name.eq.${enc('Ann Lee')})`, ['Ann Lee', 'Carol, Jr.']],
  ])('%s', async (_name, query, expected) => {
    expect(await names(query)).toEqual(expected);
  });

  it('an unknown configuration is the database refusal, 400, never a 5xx', async () => {
    const reply = await t.get(`/clients?notes=fts(klingon).cat`);
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('42704');
    expect(reply.body.message).toContain('klingon');
  });
});

describe('the (any) and (all) quantifiers', () => {
  it.each<[string, string, string[]]>([
    ['like(any)', `name=like(any).${enc('{A*,B*}')}`, ['Ann Lee', 'Bob Stone']],
    ['ilike(any) with a quoted element holding a comma', `name=ilike(any).${enc('{"carol, j*",*ray}')}`, ['Carol, Jr.', 'Dan "D" Ray']],
    ['like(all)', `name=like(all).${enc('{*o*,*e*}')}`, ['Bob Stone']],
    ['eq(any)', `total_visits=eq(any).${enc('{0,7}')}`, ['Bob Stone', 'Carol, Jr.']],
    ['gt(all)', `total_visits=gt(all).${enc('{2,5}')}`, ['Carol, Jr.', 'Dan "D" Ray']],
    ['gte(any)', `total_visits=gte(any).${enc('{12,100}')}`, ['Dan "D" Ray']],
    ['lt(any)', `total_visits=lt(any).${enc('{1,2}')}`, ['Bob Stone']],
    ['lte(all)', `total_visits=lte(all).${enc('{3,4}')}`, ['Ann Lee', 'Bob Stone']],
    ['match(any)', `name=match(any).${enc('{^A,^D}')}`, ['Ann Lee', 'Dan "D" Ray']],
    ['imatch(all)', `name=imatch(all).${enc('{^c,jr}')}`, ['Carol, Jr.']],
    ['not.eq(any)', `total_visits=not.eq(any).${enc('{0,7}')}`, ['Ann Lee', 'Dan "D" Ray']],
    ['inside and=()', `and=(name.like(any).${enc('{A*,B*}')},total_visits.gt(any).${enc('{1}')})`, ['Ann Lee']],
  ])('%s', async (_name, query, expected) => {
    expect(await names(query)).toEqual(expected);
  });

  it('a value that is not an array literal is 400 (22P02), as PostgreSQL reads it', async () => {
    expectError(await t.get('/clients?total_visits=eq(any).7'), 400, '22P02');
    expectError(await t.get('/clients?total_visits=eq(any).{a,b}'), 400, '22P02');
  });

  it('neq takes no quantifier in PostgREST: 400 PGRST100', async () => {
    expectError(await t.get(`/clients?total_visits=neq(any).${enc('{1}')}`), 400, 'PGRST100');
  });
});

describe('Accept: text/csv', () => {
  it('answers CSV: a header line, then each row as PostgreSQL quotes it', async () => {
    const reply = await t.get('/clients?select=name,total_visits,notes&order=name', { accept: 'text/csv' });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(reply.headers.get('content-range')).toBe('0-3/*');
    expect(reply.text).toBe([
      'name,total_visits,notes',
      '"Ann Lee",3,"Runs marathons; knees hurt after running"',
      '"Bob Stone",0,"Prefers a firm pressure. The fat cat sat on the mat"',
      '"Carol, Jr.",7,"Desk worker with neck pain"',
      '"Dan ""D"" Ray",12,',
    ].join('\n'));
  });

  it('answers an empty read with an empty header line', async () => {
    const reply = await t.get('/clients?name=eq.Nobody', { accept: 'text/csv' });
    expect(reply.status).toBe(200);
    expect(reply.text).toBe('\n');
  });

  it.each<[string, RegExp]>([
    ['text/csv, application/json', /^text\/csv/],
    ['application/json, text/csv', /^application\/json/],
    ['application/json;q=0.5, text/csv', /^text\/csv/],
    ['text/html, text/csv;q=0.2, */*;q=0.1', /^text\/csv/],
    ['text/*, */*;q=0.8', /^application\/json/],
    ['text/csv;q=0, application/json', /^application\/json/],
  ])('chooses by the client order and quality: %s', async (accept, type) => {
    const reply = await t.get('/clients?select=name&limit=1', { accept });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(type);
  });

  it('refuses what it cannot produce: 406 PGRST107', async () => {
    expectError(await t.get('/clients', { accept: 'text/html, application/xml' }), 406, 'PGRST107');
    expectError(await t.get('/clients', { accept: 'text/csv;q=0' }), 406, 'PGRST107');
  });

  it('answers a write representation as CSV too', async () => {
    const reply = await t.post('/clients?select=name,status', { name: 'Eve' }, { ...REPRESENTATION, accept: 'text/csv' });
    expect(reply.status).toBe(201);
    expect(reply.text).toBe('name,status\nEve,active');
    await t.delete('/clients?name=eq.Eve');
  });
});

describe('CSV and form bodies', () => {
  it('POST text/csv inserts one row a line; NULL is null, the rest parsed by the column type', async () => {
    const u = await practice(server);
    const body = 'name,total_visits,notes,email\r\n"Lee, Ann",4,"said ""hi""",NULL\r\nBob,0,,bob@example.com\r\n';
    const reply = await u.post('/clients?select=name,total_visits,notes,email', body, { ...REPRESENTATION, 'content-type': 'text/csv' });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body).toEqual([
      { name: 'Lee, Ann', total_visits: 4, notes: 'said "hi"', email: null },
      { name: 'Bob', total_visits: 0, notes: '', email: 'bob@example.com' },
    ]);
  });

  it('PATCH with a CSV body of one row', async () => {
    const u = await practice(server);
    await insert(u, 'clients', { name: 'Ann' });
    const reply = await u.patch('/clients?name=eq.Ann&select=name,phone', 'phone,notes\n555-0101,NULL\n', { ...REPRESENTATION, 'content-type': 'text/csv' });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([{ name: 'Ann', phone: '555-0101' }]);
  });

  it('refuses a CSV whose lines differ in length, or a broken one: 400 PGRST102, nothing inserted', async () => {
    const u = await practice(server);
    const ragged = await u.post('/clients', 'name,notes\nAnn\n', { 'content-type': 'text/csv' });
    expect(expectError(ragged, 400, 'PGRST102').message).toBe('All lines must have same number of fields');
    expectError(await u.post('/clients', 'name\n"Ann\n', { 'content-type': 'text/csv' }), 400, 'PGRST102');
    expectError(await u.post('/clients', '', { 'content-type': 'text/csv' }), 400, 'PGRST102');
    expectError(await u.post('/clients', 'name,nope\nAnn,1\n', { 'content-type': 'text/csv' }), 400, 'PGRST204');
    expect(await rows(u, '/clients?select=id')).toEqual([]);
  });

  it('POST and PATCH application/x-www-form-urlencoded: one object of strings', async () => {
    const u = await practice(server);
    const created = await u.post('/clients?select=name,total_visits,notes', 'name=Ann+Lee&total_visits=2&notes=50%25+off', {
      ...REPRESENTATION, 'content-type': 'application/x-www-form-urlencoded',
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toEqual([{ name: 'Ann Lee', total_visits: 2, notes: '50% off' }]);
    const patched = await u.patch('/clients?name=eq.Ann%20Lee&select=phone', 'phone=555-0199', {
      ...REPRESENTATION, 'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
    });
    expect(patched.body).toEqual([{ phone: '555-0199' }]);
  });

  it('refuses a body of a type it does not read: 400 PGRST102 naming it', async () => {
    const u = await practice(server);
    const reply = await u.post('/clients', 'name: Ann', { 'content-type': 'text/plain' });
    expect(expectError(reply, 400, 'PGRST102').message).toBe('Content-Type not acceptable: text/plain');
  });
});
