// Reads (PROTOCOL.md sections 1-2): every filter operator, negation, logical groups and their quoting,
// select with aliases and casts, multi-column order with nulls placement, limit/offset, the Range
// header, Content-Range, Prefer: count=exact, the 1000-row cap and HEAD.
import { afterAll, describe, expect, it } from 'vitest';
import {
  createClient, createService, expectError, insert, practice, rows, type Practice, type Row,
} from '../helpers/fixtures.js';
import { startTestServer } from '../helpers/server.js';

const server = await startTestServer();
afterAll(() => server.close());

const ANN = 'Ann Lee';
const BOB = 'Bob Stone';
const CAROL = 'Carol, Jr.';
const EVE = 'Eve "E" O\'Neil';
const NUL = 'null';
const EVERYONE = [ANN, BOB, CAROL, EVE, NUL];

// Names with the characters the quoting rules are about: comma, dot, double and single quote, and a
// client literally named "null".
const PEOPLE: Row[] = [
  { name: ANN, phone: '555-0101', email: 'ann@example.com', total_visits: 3, status: 'active', notes: null },
  { name: BOB, phone: null, email: 'BOB@example.com', total_visits: 0, status: 'inactive', notes: 'likes tea' },
  { name: CAROL, phone: '555-0103', email: 'carol.jr@example.com', total_visits: 7, status: 'active', notes: 'v.i.p.' },
  { name: EVE, phone: null, email: null, total_visits: 1, status: 'active', notes: '50% off_peak' },
  { name: NUL, phone: '555-0105', email: null, total_visits: 12, status: 'inactive', notes: null },
];

async function seeded(): Promise<Practice> {
  const t = await practice(server);
  await insert(t, 'clients', PEOPLE);
  return t;
}

/** The names a client query selects, in name order. */
async function names(t: Practice, query: string): Promise<string[]> {
  const found = await rows(t, `/clients?select=name&order=name.asc${query ? `&${query}` : ''}`);
  return found.map((c) => c.name as string);
}

const enc = encodeURIComponent;

describe('filter operators', () => {
  it.each<[string, string, string[]]>([
    ['eq on text', `name=eq.${enc(ANN)}`, [ANN]],
    ['eq on an integer', 'total_visits=eq.7', [CAROL]],
    ['neq', 'status=neq.active', [BOB, NUL]],
    ['gt', 'total_visits=gt.3', [CAROL, NUL]],
    ['gte', 'total_visits=gte.3', [ANN, CAROL, NUL]],
    ['lt', 'total_visits=lt.3', [BOB, EVE]],
    ['lte', 'total_visits=lte.3', [ANN, BOB, EVE]],
    ['like with * wildcards', 'name=like.*o*', [BOB, CAROL]],
    ['like is case-sensitive', 'name=like.a*', []],
    ['like passes _ through to PostgreSQL', 'name=like.B_b*', [BOB]],
    ['like passes % through to PostgreSQL', 'notes=like.%25tea', [BOB]],
    ['ilike', 'name=ilike.*LEE*', [ANN]],
    ['ilike with a value holding dots', 'email=ilike.*@EXAMPLE.COM', [ANN, BOB, CAROL]],
    ['match (regular expression)', 'name=match.^[A-C]', [ANN, BOB, CAROL]],
    ['imatch (case-insensitive regular expression)', 'name=imatch.^N', [NUL]],
    ['in', `name=in.(${enc(ANN)},${enc(BOB)})`, [ANN, BOB]],
    ['in on integers', 'total_visits=in.(0,7)', [BOB, CAROL]],
    ['in with a double-quoted item holding a comma and a dot', `name=in.(${enc(ANN)},"${enc(CAROL)}")`, [ANN, CAROL]],
    ['in with backslash-escaped quotes inside a quoted item', `name=in.${enc('("Eve \\"E\\" O\'Neil")')}`, [EVE]],
    ['in.() matches nothing', 'name=in.()', []],
    ['not.in.() matches everything', 'name=not.in.()', EVERYONE],
    ['in.(null) is the text "null", not SQL NULL', 'name=in.(null)', [NUL]],
    ['in.(null) does not match NULL', 'notes=in.(null)', []],
    ['not.in', `name=not.in.(${enc(ANN)},null)`, [BOB, CAROL, EVE]],
    ['is.null', 'notes=is.null', [ANN, NUL]],
    ['is.not_null', 'notes=is.not_null', [BOB, CAROL, EVE]],
    ['is keywords are case-insensitive', 'notes=is.NULL', [ANN, NUL]],
    ['not.is.null', 'notes=not.is.null', [BOB, CAROL, EVE]],
    ['isdistinct counts NULL as a value', `notes=isdistinct.${enc('likes tea')}`, [ANN, CAROL, EVE, NUL]],
    ['not.eq', 'status=not.eq.active', [BOB, NUL]],
    ['not.like', 'name=not.like.*o*', [ANN, EVE, NUL]],
    ['not.ilike', 'email=not.ilike.*bob*', [ANN, CAROL]],
    ['a plain value may contain dots', 'email=eq.carol.jr@example.com', [CAROL]],
    ['dotted items in an in list, bare and quoted', 'email=in.(ann@example.com,"carol.jr@example.com")', [ANN, CAROL]],
    ['quotes in a top-level value are part of it', `name=eq.${enc('"Ann Lee"')}`, []],
    ['a top-level value holding quotes matches verbatim', `name=eq.${enc(EVE)}`, [EVE]],
    ['a value made of dots and letters', 'notes=eq.v.i.p.', [CAROL]],
    ['filters on several columns AND together', 'status=eq.active&total_visits=gt.1', [ANN, CAROL]],
    ['two filters on one column AND together', 'total_visits=gt.0&total_visits=lt.5', [ANN, EVE]],
  ])('%s: %s', async (_name, query, expected) => {
    const t = await seeded();
    expect(await names(t, query)).toEqual(expected);
  });

  it('filters dates, numeric money and values with dots on expenses', async () => {
    const t = await practice(server);
    await insert(t, 'expenses', [
      { date: '2025-01-15', amount: 12.5, category: 'supplies' },
      { date: '2025-02-01', amount: 99.99, category: 'linens' },
      { date: '2025-03-01', amount: 1200, category: 'rent' },
    ]);
    const categories = async (query: string) =>
      (await rows(t, `/expenses?select=category&order=date.asc&${query}`)).map((e) => e.category);
    expect(await categories('amount=eq.12.50')).toEqual(['supplies']);
    expect(await categories('amount=in.(12.5,1200.00)')).toEqual(['supplies', 'rent']);
    expect(await categories('amount=gt.99.98')).toEqual(['linens', 'rent']);
    expect(await categories('date=gte.2025-02-01')).toEqual(['linens', 'rent']);
    expect(await categories('date=lt.2025-02-01')).toEqual(['supplies']);
    expect(await categories('or=(date.eq.2025-01-15,amount.gte.1000)')).toEqual(['supplies', 'rent']);
  });

  it('filters booleans with is.true / is.false and eq', async () => {
    const t = await practice(server);
    await createService(t, { name: 'Swedish 60', active: true });
    await createService(t, { name: 'Hot stone', active: false });
    const services = async (query: string) =>
      (await rows(t, `/service_menu?select=name&order=name.asc&${query}`)).map((s) => s.name);
    expect(await services('active=is.true')).toEqual(['Swedish 60']);
    expect(await services('active=is.false')).toEqual(['Hot stone']);
    expect(await services('active=eq.false')).toEqual(['Hot stone']);
    expect(await services('active=not.is.true')).toEqual(['Hot stone']);
    expect(await services('active=is.unknown')).toEqual([]);
  });
});

describe('logical groups', () => {
  it.each<[string, string, string[]]>([
    ['or', 'or=(total_visits.lt.1,total_visits.gt.10)', [BOB, NUL]],
    ['and', 'and=(total_visits.gte.1,total_visits.lte.7)', [ANN, CAROL, EVE]],
    ['not.or', 'not.or=(status.eq.inactive,total_visits.gt.5)', [ANN, EVE]],
    ['not.and', 'not.and=(status.eq.active,total_visits.gt.2)', [BOB, EVE, NUL]],
    ['an and nested in an or', `or=(name.eq.${enc(BOB)},and(total_visits.gte.3,status.eq.active))`, [ANN, BOB, CAROL]],
    ['a not.and nested in an or', 'or=(total_visits.eq.0,not.and(total_visits.gte.1,total_visits.lte.10))', [BOB, NUL]],
    ['two levels of nesting', 'or=(total_visits.eq.0,and(status.eq.active,or(total_visits.eq.1,total_visits.eq.7)))', [BOB, CAROL, EVE]],
    ['a quoted value with a comma and a dot', `or=(name.eq."${enc(CAROL)}",email.eq.ann@example.com)`, [ANN, CAROL]],
    ['an in list inside an or', `or=(name.in.(${enc(ANN)},"${enc(CAROL)}"),total_visits.eq.12)`, [ANN, CAROL, NUL]],
    ['is inside an or', 'or=(notes.is.null,status.eq.inactive)', [ANN, BOB, NUL]],
    ['a negated condition inside an or', `or=(status.not.eq.active,name.eq.${enc(ANN)})`, [ANN, BOB, NUL]],
    ['like and ilike with * inside an or', 'or=(name.like.A*,name.ilike.*STONE)', [ANN, BOB]],
    ['an or ANDed with a column filter', 'status=eq.active&or=(total_visits.eq.1,total_visits.eq.7)', [CAROL, EVE]],
    ['a value with dots inside an or', 'or=(notes.eq.v.i.p.,total_visits.eq.0)', [BOB, CAROL]],
    ['a quoted value with escaped quotes inside an or', `or=(name.eq.${enc('"Eve \\"E\\" O\'Neil"')},total_visits.eq.0)`, [BOB, EVE]],
  ])('%s: %s', async (_name, query, expected) => {
    const t = await seeded();
    expect(await names(t, query)).toEqual(expected);
  });

  it.each([
    ['or=() is a parse error', 'or=()'],
    ['an unknown operator inside an or', 'or=(name.foo.x,total_visits.eq.1)'],
    ['an unclosed group', 'or=(total_visits.eq.1'],
  ])('%s: %s -> 400 PGRST100', async (_name, query) => {
    const t = await seeded();
    expectError(await t.get(`/clients?${query}`), 400, 'PGRST100');
  });
});

describe('select', () => {
  it('chooses columns in the order asked', async () => {
    const t = await seeded();
    const reply = await t.get(`/clients?select=total_visits,name&name=eq.${enc(ANN)}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([{ total_visits: 3, name: ANN }]);
    expect(Object.keys(reply.body[0])).toEqual(['total_visits', 'name']);
  });

  it('renames with alias:column', async () => {
    const t = await seeded();
    expect(await rows(t, `/clients?select=client:name,visits:total_visits&name=eq.${enc(ANN)}`))
      .toEqual([{ client: ANN, visits: 3 }]);
  });

  it('casts with column::type, and combines alias and cast', async () => {
    const t = await seeded();
    expect(await rows(t, `/clients?select=name,total_visits::text,n:total_visits::numeric&name=eq.${enc(CAROL)}`))
      .toEqual([{ name: CAROL, total_visits: '7', n: 7 }]);
  });

  it('casts money and times to text exactly as stored', async () => {
    const t = await practice(server);
    await insert(t, 'expenses', [{ date: '2025-01-15', amount: 12.5, category: 'supplies' }]);
    expect(await rows(t, '/expenses?select=amount,text:amount::text')).toEqual([{ amount: 12.5, text: '12.50' }]);
    const client = await createClient(t);
    await insert(t, 'appointments', [{ date: '2025-03-10', start_time: '09:15', end_time: '10:00', client_id: client.id }]);
    expect(await rows(t, '/appointments?select=start_time,raw:start_time::text')).toEqual([{ start_time: '09:15', raw: '09:15:00' }]);
  });

  it('select=* returns every column', async () => {
    const t = await seeded();
    const [ann] = await rows(t, `/clients?select=*&name=eq.${enc(ANN)}`);
    expect(ann).toEqual(expect.objectContaining({ name: ANN, phone: '555-0101', status: 'active', therapist_id: t.id }));
    const [viaDefault] = await rows(t, `/clients?name=eq.${enc(ANN)}`);
    expect(Object.keys(ann!).sort()).toEqual(Object.keys(viaDefault!).sort());
  });

  it('refuses an unknown column with 42703', async () => {
    const t = await seeded();
    expectError(await t.get('/clients?select=name,nickname'), 400, '42703');
  });
});

describe('order', () => {
  it.each<[string, string[]]>([
    ['name', EVERYONE],
    ['name.desc', [...EVERYONE].reverse()],
    ['status.asc,total_visits.desc', [CAROL, ANN, EVE, NUL, BOB]],
    ['status.desc,name.asc', [BOB, NUL, ANN, CAROL, EVE]],
    ['phone.asc.nullsfirst,name.asc', [BOB, EVE, ANN, CAROL, NUL]],
    ['phone.asc.nullslast,name.asc', [ANN, CAROL, NUL, BOB, EVE]],
    ['phone.desc.nullslast,name', [NUL, CAROL, ANN, BOB, EVE]],
    ['phone.desc,name', [BOB, EVE, NUL, CAROL, ANN]],
    ['phone.nullsfirst,name.desc', [EVE, BOB, ANN, CAROL, NUL]],
  ])('order=%s', async (order, expected) => {
    const t = await seeded();
    const found = await rows(t, `/clients?select=name&order=${order}`);
    expect(found.map((c) => c.name)).toEqual(expected);
  });

  it('refuses an unknown column with 42703', async () => {
    const t = await seeded();
    expectError(await t.get('/clients?order=nickname.asc'), 400, '42703');
  });
});

describe('paging', () => {
  it('limit and offset', async () => {
    const t = await seeded();
    const reply = await t.get('/clients?select=name&order=name&limit=2&offset=1');
    expect(reply.status).toBe(200);
    expect(reply.body.map((c: Row) => c.name)).toEqual([BOB, CAROL]);
    expect(reply.headers.get('content-range')).toBe('1-2/*');
  });

  it('limit=0 returns []', async () => {
    const t = await seeded();
    const reply = await t.get('/clients?limit=0');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([]);
    expect(reply.headers.get('content-range')).toBe('*/*');
  });

  it('a negative limit is 416 PGRST103', async () => {
    const t = await seeded();
    expectError(await t.get('/clients?limit=-1'), 416, 'PGRST103');
  });

  it('an offset past the end without a count is 200 []', async () => {
    const t = await seeded();
    const reply = await t.get('/clients?offset=10');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([]);
    expect(reply.headers.get('content-range')).toBe('*/*');
  });

  it('Content-Range is first-last/* for a full read', async () => {
    const t = await seeded();
    const reply = await t.get('/clients');
    expect(reply.body).toHaveLength(5);
    expect(reply.headers.get('content-range')).toBe('0-4/*');
  });

  it('the Range header selects rows', async () => {
    const t = await seeded();
    const reply = await t.get('/clients?select=name&order=name', { range: '1-2' });
    expect(reply.status).toBe(200);
    expect(reply.body.map((c: Row) => c.name)).toEqual([BOB, CAROL]);
    expect(reply.headers.get('content-range')).toBe('1-2/*');
  });

  it('an open Range header (3-) reads to the end', async () => {
    const t = await seeded();
    const reply = await t.get('/clients?select=name&order=name', { range: '3-' });
    expect(reply.body.map((c: Row) => c.name)).toEqual([EVE, NUL]);
    expect(reply.headers.get('content-range')).toBe('3-4/*');
  });

  it('the Range header is intersected with limit/offset', async () => {
    const t = await seeded();
    const narrowLimit = await t.get('/clients?select=name&order=name&limit=2', { range: '1-10' });
    expect(narrowLimit.body.map((c: Row) => c.name)).toEqual([BOB]);
    const narrowRange = await t.get('/clients?select=name&order=name&offset=1&limit=10', { range: '0-2' });
    expect(narrowRange.body.map((c: Row) => c.name)).toEqual([BOB, CAROL]);
    expect(narrowRange.headers.get('content-range')).toBe('1-2/*');
  });

  it('Prefer: count=exact with every row returned: 200 and first-last/total', async () => {
    const t = await seeded();
    const reply = await t.get('/clients?select=name', { prefer: 'count=exact' });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-range')).toBe('0-4/5');
    expect(reply.headers.get('preference-applied')).toBe('count=exact');
  });

  it('Prefer: count=exact with fewer rows than the total: 206', async () => {
    const t = await seeded();
    const reply = await t.get('/clients?select=name&order=name&limit=2', { prefer: 'count=exact' });
    expect(reply.status).toBe(206);
    expect(reply.body.map((c: Row) => c.name)).toEqual([ANN, BOB]);
    expect(reply.headers.get('content-range')).toBe('0-1/5');
    expect(reply.headers.get('preference-applied')).toBe('count=exact');
  });

  it('Prefer: count=exact counts the filtered rows', async () => {
    const t = await seeded();
    const reply = await t.get('/clients?status=eq.active&limit=1', { prefer: 'count=exact' });
    expect(reply.status).toBe(206);
    expect(reply.headers.get('content-range')).toBe('0-0/3');
  });

  it('Prefer: count=exact with no rows: 200 and */0', async () => {
    const t = await seeded();
    const reply = await t.get('/clients?name=eq.nobody', { prefer: 'count=exact' });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([]);
    expect(reply.headers.get('content-range')).toBe('*/0');
  });

  it('Prefer: count=exact with the offset past the total: 416 PGRST103, Content-Range */total', async () => {
    const t = await seeded();
    const reply = await t.get('/clients?offset=10', { prefer: 'count=exact' });
    expectError(reply, 416, 'PGRST103');
    expect(reply.headers.get('content-range')).toBe('*/5');
  });

  it('a bulk insert of 1001 rows is one request: writes are not capped by the read limit', async () => {
    const t = await practice(server);
    const many = Array.from({ length: 1001 }, (_, i) => ({ date: '2025-01-01', amount: i + 1, category: 'supplies' }));
    const created = await t.post('/expenses?select=amount', many, { prefer: 'return=representation' });
    expect(created.status, created.text.slice(0, 300)).toBe(201);
    expect(created.body).toHaveLength(1001);
  });

  it('Prefer: count=exact with the offset at the total: 206, */total (416 is for beyond it)', async () => {
    const t = await seeded();
    const reply = await t.get('/clients?offset=5', { prefer: 'count=exact' });
    expect(reply.status, reply.text).toBe(206);
    expect(reply.body).toEqual([]);
    expect(reply.headers.get('content-range')).toBe('*/5');
    expectError(await t.get('/clients?offset=6', { prefer: 'count=exact' }), 416, 'PGRST103');
  });

  it('Prefer: count=exact with limit=0: 206, */total', async () => {
    const t = await seeded();
    const reply = await t.get('/clients?limit=0', { prefer: 'count=exact' });
    expect(reply.status).toBe(206);
    expect(reply.body).toEqual([]);
    expect(reply.headers.get('content-range')).toBe('*/5');
  });

  it('a read returns at most 1000 rows', async () => {
    const t = await practice(server);
    const amounts = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => ({ date: '2025-01-01', amount: from + i, category: 'supplies' }));
    // Two requests, so this holds whatever the bulk-insert limit is.
    await insert(t, 'expenses', amounts(1, 1000));
    await insert(t, 'expenses', amounts(1001, 1));

    const all = await t.get('/expenses?select=amount&order=amount.asc');
    expect(all.status).toBe(200);
    expect(all.body).toHaveLength(1000);
    expect(all.body[999]).toEqual({ amount: 1000 });
    expect(all.headers.get('content-range')).toBe('0-999/*');

    const counted = await t.get('/expenses?select=amount&limit=5000', { prefer: 'count=exact' });
    expect(counted.status).toBe(206);
    expect(counted.body).toHaveLength(1000);
    expect(counted.headers.get('content-range')).toBe('0-999/1001');

    const rest = await t.get('/expenses?select=amount&order=amount.asc&offset=1000');
    expect(rest.body).toEqual([{ amount: 1001 }]);
    expect(rest.headers.get('content-range')).toBe('1000-1000/*');

    const ranged = await t.get('/expenses?select=amount&order=amount.asc', { range: '0-4999' });
    expect(ranged.body).toHaveLength(1000);
  });
});

describe('HEAD', () => {
  it('answers the headers of the GET without a body', async () => {
    const t = await seeded();
    const reply = await t.head('/clients?status=eq.active');
    expect(reply.status).toBe(200);
    expect(reply.text).toBe('');
    expect(reply.headers.get('content-range')).toBe('0-2/*');
  });

  it('answers the count with Prefer: count=exact', async () => {
    const t = await seeded();
    const reply = await t.head('/clients?limit=1', { prefer: 'count=exact' });
    expect(reply.status).toBe(206);
    expect(reply.text).toBe('');
    expect(reply.headers.get('content-range')).toBe('0-0/5');
  });

  it('reports errors by status', async () => {
    const t = await seeded();
    const reply = await t.head('/patients');
    expect(reply.status).toBe(404);
    expect(reply.text).toBe('');
  });
});
