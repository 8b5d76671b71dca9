// Injection attempts through filter values, column names, select, order, columns= and on_conflict=:
// each is answered as data or refused as a bad request; none changes the data, and none shows one
// practice another practice's rows.
import { afterAll, describe, expect, it } from 'vitest';
import { expectError, insert, practice, rows, type Practice, type Reply } from '../helpers/fixtures.js';
import { startTestServer } from '../helpers/server.js';

const server = await startTestServer();
afterAll(() => server.close());

const VICTIM_NAMES = ['Victim Ann', 'Victim Bob'];

interface Stage {
  victim: Practice;
  attacker: Practice;
}

/** Two practices: the victim with two clients, the attacker with one of its own. */
async function stage(): Promise<Stage> {
  const victim = await practice(server);
  const attacker = await practice(server);
  await insert(victim, 'clients', VICTIM_NAMES.map((name) => ({ name, notes: 'secret' })));
  await insert(attacker, 'clients', [{ name: 'Attacker Own', notes: 'mine' }]);
  return { victim, attacker };
}

/** The victim's data is all there, unchanged, and the clients table still answers. */
async function intact({ victim }: Stage) {
  expect(await rows(victim, '/clients?select=name,notes&order=name')).toEqual(
    VICTIM_NAMES.map((name) => ({ name, notes: 'secret' })));
}

/** Answered as data (200, only the attacker's own rows at most) or refused (4xx); never a leak. */
function noLeak(reply: Reply) {
  expect(reply.status, reply.text).not.toBeGreaterThanOrEqual(500);
  expect(reply.text).not.toMatch(/Victim|secret/);
}

const enc = encodeURIComponent;

describe('filter values are data', () => {
  it.each([
    ['a statement terminator', "'; drop table clients; --"],
    ['a closing parenthesis and a tautology', ') or (1=1'],
    ['a quoted tautology', "x' or '1'='1"],
    ['double quotes', '"Victim Ann"'],
    ['a backslash and quote', '\\\' or true --'],
    ['a comment', 'x /* */ or 1=1'],
    ['a dollar-quoted string', '$$ or true $$'],
  ])('eq with %s matches literally', async (_name, value) => {
    const s = await stage();
    const reply = await s.attacker.get(`/clients?name=eq.${enc(value)}`);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toEqual([]);
    await intact(s);
  });

  it('a value that names a victim row literally still finds nothing of the victim', async () => {
    const s = await stage();
    const reply = await s.attacker.get(`/clients?name=eq.${enc('Victim Ann')}`);
    expect(reply.body).toEqual([]);
    await intact(s);
  });

  it.each([
    ['in.(x) or true', `name=in.(x)${enc(' or true')}`],
    ['in with a closing parenthesis inside quotes', `name=in.(${enc('"x) or (1=1"')})`],
    ['percent-encoded commas and parentheses in an in list', 'name=in.%28x%2CVictim%20Ann%29'],
    ['percent-encoded parentheses in eq', `name=eq.${enc(') or (true')}`],
    ['an or with a percent-encoded extra condition', `or=(name.eq.x${enc(',id.not.is.null')})`],
    ['an or with a smuggled closing parenthesis', `or=(name.eq.x${enc(')')},notes.not.is.null)`],
    ['like with SQL wildcards', 'name=like.%25'],
    ['ilike with a quote', `name=ilike.${enc("*' or 1=1 --*")}`],
    ['is with a tautology', `notes=is.${enc('null or true')}`],
    ['a regular expression matching everything', 'name=match..*'],
  ])('%s: never the victim\'s rows', async (_name, query) => {
    const s = await stage();
    const reply = await s.attacker.get(`/clients?${query}`);
    noLeak(reply);
    if (reply.status === 200) {
      for (const row of reply.body) expect(row.name).toBe('Attacker Own');
    } else {
      expect(reply.status).toBe(400);
    }
    await intact(s);
  });

  it('a body value is stored literally', async () => {
    const s = await stage();
    const name = "Robert'); drop table clients; --";
    await insert(s.attacker, 'clients', [{ name, notes: '$$;delete from clients;$$' }]);
    expect(await rows(s.attacker, `/clients?name=eq.${enc(name)}&select=name,notes`)).toEqual([{ name, notes: '$$;delete from clients;$$' }]);
    expect(await rows(s.attacker, '/clients?select=name&order=name')).toEqual([{ name: 'Attacker Own' }, { name }]);
    await intact(s);
  });

  it('PATCH and DELETE with tautology values reach only the caller\'s own rows', async () => {
    const s = await stage();
    const patched = await s.attacker.patch(`/clients?name=neq.${enc("x' or '1'='1")}&select=name,notes`, { notes: 'pwned' },
      { prefer: 'return=representation' });
    expect(patched.body).toEqual([{ name: 'Attacker Own', notes: 'pwned' }]);
    const deleted = await s.attacker.delete(`/clients?name=neq.${enc("'; delete from clients; --")}&select=name`,
      { prefer: 'return=representation' });
    expect(deleted.body).toEqual([{ name: 'Attacker Own' }]);
    expect(await rows(s.attacker, '/clients')).toEqual([]);
    await intact(s);
  });
});

describe('column names are checked against the schema', () => {
  it.each<[string, string, string]>([
    ['a statement in a filter column', `${enc('name;drop table clients')}=eq.x`, 'PGRST100'],
    ['a double-quoted filter column with a statement after it', `${enc('"name"; --')}=eq.x`, 'PGRST100'],
    ['a double-quoted filter column naming no column', `${enc('"name; drop table clients"')}=eq.x`, '42703'],
    ['a subquery in select', `select=${enc('name,(select 1)')}`, 'PGRST100'],
    ['a statement in select', `select=${enc('name;drop table clients')}`, 'PGRST100'],
    // Read as an embedded resource, as PostgREST reads it: no relationship has that name.
    ['a function call in select', `select=${enc('pg_sleep(1)')}`, 'PGRST200'],
    ['a cast with a statement', `select=${enc('name::text;drop table clients')}`, 'PGRST100'],
    ['a cast to a qualified type', `select=${enc('name::pg_catalog.text')}`, 'PGRST100'],
    ['a statement in order', `order=${enc('name;drop table clients')}`, 'PGRST100'],
    ['a subquery in order', `order=${enc('(select 1)')}`, 'PGRST100'],
    ['a column of another table in a filter', 'auth.users.id=eq.x', 'PGRST108'],
    ['a column of another table in select', `select=${enc('name,users(id)')}`, 'PGRST200'],
  ])('%s is refused with 400', async (_name, query, code) => {
    const s = await stage();
    const reply = await s.attacker.get(`/clients?${query}`);
    noLeak(reply);
    expectError(reply, 400, code);
    await intact(s);
  });

  it('a quoted alias is only a name', async () => {
    const s = await stage();
    const reply = await s.attacker.get(`/clients?select=${enc('x"y:name')}`);
    noLeak(reply);
    if (reply.status === 200) expect(reply.body).toEqual([{ 'x"y': 'Attacker Own' }]);
    else expectError(reply, 400, 'PGRST100');
    await intact(s);
  });

  it('a double-quoted name is only a name', async () => {
    const s = await stage();
    const quoted = await s.attacker.get(`/clients?${enc('"name"')}=eq.${enc('Attacker Own')}&select=${enc('"name"')}`);
    expect({ status: quoted.status, body: quoted.body }).toEqual({ status: 200, body: [{ name: 'Attacker Own' }] });
    await intact(s);
  });

  it('columns= is checked against the schema', async () => {
    const s = await stage();
    const reply = await s.attacker.post(`/clients?columns=${enc('name,"x) select * from clients --"')}`, { name: 'x' });
    noLeak(reply);
    expectError(reply, 400, 'PGRST204');
    expect(await rows(s.attacker, '/clients?select=name')).toEqual([{ name: 'Attacker Own' }]);
    await intact(s);
  });

  it('on_conflict= is checked against the schema', async () => {
    const s = await stage();
    const reply = await s.attacker.post(`/clients?on_conflict=${enc('id) do update set therapist_id=excluded.therapist_id --')}`,
      { name: 'x' }, { prefer: 'resolution=merge-duplicates' });
    noLeak(reply);
    expect(reply.status, reply.text).toBe(400);
    expect(['PGRST100', '42703']).toContain(reply.body.code);
    expect(await rows(s.attacker, '/clients?select=name')).toEqual([{ name: 'Attacker Own' }]);
    await intact(s);
  });

  it('columns= naming therapist_id cannot move a row to another practice', async () => {
    const s = await stage();
    const reply = await s.attacker.post('/clients?columns=name,therapist_id', { name: 'x', therapist_id: s.victim.id });
    expectError(reply, 403, '42501');
    await intact(s);
  });

  it('a body key naming no column is refused, whatever it holds', async () => {
    const s = await stage();
    expectError(await s.attacker.post('/clients', { name: 'x', 'name") values (1); --': 'y' }), 400, 'PGRST204');
    await intact(s);
  });
});
