// No request runs unbounded (issue 25.1): an embed that loops back onto a table already on its path,
// or names too many resources, is refused before any SQL runs; on PostgreSQL every request has its
// role's statement_timeout, and a statement whose client has disconnected is cancelled.
import { afterAll, describe, expect, it } from 'vitest';
import { call, startTestServer } from '../helpers/server.js';
import { createAppointment, createClient, createMessage, createService, expectError, practice } from '../helpers/fixtures.js';
import { slowTable } from '../helpers/slow-table.js';
import { embeddedAuth, testStore } from '../helpers/store.js';

describe('embedding bounds', async () => {
  const server = await startTestServer();
  afterAll(() => server.close());

  it("the issue's request (sign-up, two writes, a read looping clients -> conversation_log -> clients) is a quick 400", async () => {
    // On a Supabase project sign-up is Supabase Auth's: a minted token stands in for it there.
    const token = embeddedAuth() ? (await server.signUp()).access_token : (await server.therapist()).token;
    const headers = { apikey: server.keys.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const own = await call(`${server.rest}/clients`, { method: 'POST', headers: { ...headers, prefer: 'return=representation' }, body: JSON.stringify({ name: 'Ann Lee' }) });
    expect(own.status).toBe(201);
    const client = own.body[0];
    const message = await call(`${server.rest}/conversation_log`, { method: 'POST', headers, body: JSON.stringify({ client_id: client.id, role: 'client', message: 'hi' }) });
    expect(message.status).toBe(201);

    const loop = 'id,conversation_log!inner(id,clients!inner(id,conversation_log!inner(id,clients!inner(id))))';
    const reply = await call(`${server.rest}/clients?select=${loop}&conversation_log.clients.conversation_log.clients.name=eq.nobody`, { headers });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      code: 'PGRST100',
      details: "Embed each table at most once along one path; read 'clients' again in a request of its own.",
      hint: null,
      message: 'Resource embedding returns to a table already embedded: clients -> conversation_log -> clients',
    });
    expect((await call(`${server.url}/auth/v1/health`, { headers: { apikey: server.keys.anonKey } })).status).toBe(200);
  });

  it('a table may appear on different paths, and embed itself once, but never return onto its path', async () => {
    const t = await practice(server);
    const ann = await createClient(t, { name: 'Ann Lee' });
    await createMessage(t, { client_id: ann.id, role: 'client', message: 'hi' });
    const siblings = await t.get('/conversation_log?select=message,clients(name),client:clients(name)');
    expect(siblings.status, siblings.text).toBe(200);
    expect(siblings.body).toEqual([{ message: 'hi', clients: { name: 'Ann Lee' }, client: { name: 'Ann Lee' } }]);
    expectError(await t.get('/appointments?select=id,clients(appointments(id))'), 400, 'PGRST100');
    expectError(await t.get('/sessions?select=id,appointments(sessions(id))'), 400, 'PGRST100');
    // A table's one embed of itself (a note's amendments) is allowed; going on from there is a loop.
    expect((await t.get('/sessions?select=id,sessions(id)')).status).toBe(200);
    expectError(await t.get('/sessions?select=id,sessions(sessions(id))'), 400, 'PGRST100');
    expectError(await t.get('/sessions?select=id,sessions(clients(sessions(id)))'), 400, 'PGRST100');
  });

  it('a to-many embed below a to-one embed is 400 PGRST100: its work grows with the product of two tables', async () => {
    const t = await practice(server);
    // Measured on PGlite with one client's 3,000 notes and 3,000 messages: 2.8 s, 0.46 s at 1,000.
    const body = expectError(await t.get('/sessions?select=id,clients!inner(id,conversation_log!inner(id))&clients.conversation_log.message=eq.never'), 400, 'PGRST100');
    expect(body).toEqual({
      code: 'PGRST100',
      details: "Embed 'conversation_log' from 'clients' in a request of its own, or from the top of this one.",
      hint: null,
      message: 'Resource embedding goes down to many rows below a to-one embed: sessions -> clients -> conversation_log',
    });
    // Down to many, then up to one, stays allowed: each row has one parent.
    const ann = await createClient(t, { name: 'Ann Lee' });
    const massage = await createService(t, { name: 'Swedish 60' });
    await createAppointment(t, { client_id: ann.id, service_id: massage.id, date: '2025-03-10', start_time: '10:00', end_time: '11:00' });
    const downUp = await t.get('/clients?select=name,appointments(date,service_menu(name))');
    expect(downUp.status, downUp.text).toBe(200);
    expect(downUp.body).toEqual([{ name: 'Ann Lee', appointments: [{ date: '2025-03-10', service_menu: { name: 'Swedish 60' } }] }]);
  });

  it('more than 16 embedded resources in one request is 400 PGRST100', async () => {
    const t = await practice(server);
    const embeds = (n: number) => Array.from({ length: n }, (_, i) => `c${i}:clients(id)`).join(',');
    expect((await t.get(`/conversation_log?select=id,${embeds(16)}`)).status).toBe(200);
    const body = expectError(await t.get(`/conversation_log?select=id,${embeds(17)}`), 400, 'PGRST100');
    expect(body.message).toBe('Too many embedded resources in select: at most 16 are allowed');
  });
});


// PGlite's engine holds Node's thread while it runs: its statement_timeout never fires (measured in
// docs/architecture.md). There V8's watchdog stops it, on a data dir: test/cli/server-time-limit.test.ts.
describe.runIf(testStore() !== 'pglite')('statement time limits on PostgreSQL', async () => {
  const server = await startTestServer({ schemaSql: slowTable(30), database: { statementTimeouts: { anon: 500, authenticated: 1000 } } });
  afterAll(() => server.close());

  const slowRow = async () => {
    const t = await practice(server);
    await server.db.query('insert into public.slow_things (therapist_id, id) values ($1, 1)', [t.id]);
    return t;
  };

  const runningSlowQueries = async () =>
    (await server.db.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where state = 'active' and datname = current_database() and query like '%slow_things%' and pid <> pg_backend_pid()`,
    ))[0]!.n;

  it("a statement running past its role's limit is cancelled: 500 57014, as PostgREST answers it", async () => {
    const t = await slowRow();
    const started = Date.now();
    const reply = await t.get('/slow_things');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(reply.status).toBe(500);
    expect(reply.body).toEqual({ code: '57014', details: null, hint: null, message: 'canceling statement due to statement timeout' });
    expect(await runningSlowQueries()).toBe(0);
  });

  it('the limit is set per request and role: the connection keeps no limit afterwards', async () => {
    const [row] = await server.db.query<{ statement_timeout: string }>('show statement_timeout');
    expect(row!.statement_timeout).toBe('0');
  });

  // postgres.js orphaned a pipelined statement cancelled before its turn: its connection and the
  // user's fair share were held for ever, and that user's later requests were never answered.
  it('clients leaving while their statements wait in the pipeline never stall the user', async () => {
    const t = await practice(server);
    await createClient(t, { name: 'Ann Lee' });
    for (let round = 0; round < 8; round++) {
      await Promise.all(Array.from({ length: 24 }, async (_, i) => {
        const gone = new AbortController();
        setTimeout(() => gone.abort(), i % 6);
        await fetch(`${server.rest}/clients?select=name`, { headers: t.headers, signal: gone.signal }).then((r) => r.text()).catch(() => null);
      }));
    }
    const answer = await Promise.race([t.get('/clients?select=name'), new Promise<null>((resolve) => setTimeout(() => resolve(null), 5000))]);
    expect(answer?.body).toEqual([{ name: 'Ann Lee' }]);
  });

  it("a statement whose client disconnected is cancelled and leaves pg_stat_activity", async () => {
    const slow = await startTestServer({ schemaSql: slowTable(30), database: { statementTimeouts: { anon: 60_000, authenticated: 60_000 } } });
    try {
      const t = await practice(slow);
      await slow.db.query('insert into public.slow_things (therapist_id, id) values ($1, 1)', [t.id]);
      const gone = new AbortController();
      const request = fetch(`${slow.rest}/slow_things`, { headers: t.headers, signal: gone.signal }).catch(() => null);
      const running = async () =>
        (await slow.db.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where state = 'active' and datname = current_database() and query like '%slow_things%' and pid <> pg_backend_pid()`,
        ))[0]!.n;
      await expect.poll(running, { timeout: 5000, interval: 50 }).toBe(1);
      gone.abort();
      await request;
      await expect.poll(running, { timeout: 2000, interval: 50 }).toBe(0);
    } finally {
      await slow.close();
    }
  });
});
