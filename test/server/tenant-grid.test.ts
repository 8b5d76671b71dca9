// Tenant isolation, as a grid: 13 tables (and the audit trail and client balances, which only the database writes) x 5 callers (the owner, another practice, the apikey alone,
// an expired token, a forged token) x 5 operations (GET, POST, PATCH, DELETE, upsert). Whatever a
// caller other than the owner does, the owner re-reads its row unchanged afterwards.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  anonymous, createClient, expectError, expiredCaller, forgedCaller, insert, practice, rows,
  type Caller, type Practice, type Reply, type Row,
} from '../helpers/fixtures.js';
import { startTestServer } from '../helpers/server.js';

const server = await startTestServer();
afterAll(() => server.close());

interface GridTable {
  name: string;
  /** Whether rows reference one of the practice's clients. */
  referencesClient: boolean;
  /** Updates and deletes refused for everyone (conversation_log). */
  appendOnly: boolean;
  /** Rows also reference two of the practice's appointments (`appointment_id`, `second_appointment_id`). */
  referencesAppointments?: boolean;
  /** Rows also reference one of the practice's services (`service_id`). */
  referencesService?: boolean;
  /** Deletes refused for everyone, updates allowed (reminders: a claim is history). */
  undeletable?: boolean;
  /** The body of the owner's row, given the ids it may reference. */
  body(refs: Row): Row;
  /** The body of a second, non-conflicting row. */
  another(refs: Row): Row;
  /** A change to the row, as a PATCH body. */
  change: Row;
}

const randomDigest = () => randomBytes(32).toString('hex');

const TABLES: GridTable[] = [
  {
    name: 'clients', referencesClient: false, appendOnly: false,
    body: () => ({ name: 'Grid Client', phone: '555-0100' }),
    another: () => ({ name: 'Second Client' }),
    change: { phone: '555-0199' },
  },
  {
    name: 'service_menu', referencesClient: false, appendOnly: false,
    body: () => ({ name: 'Grid Massage', duration: 60, price: 80 }),
    another: () => ({ name: 'Second Massage', duration: 30, price: 45 }),
    change: { price: 95 },
  },
  {
    name: 'business_hours', referencesClient: false, appendOnly: false,
    body: () => ({ day_of_week: 'monday', open_time: '09:00', close_time: '12:00' }),
    another: () => ({ day_of_week: 'tuesday', open_time: '09:00', close_time: '12:00' }),
    change: { close_time: '13:00' },
  },
  {
    name: 'closures', referencesClient: false, appendOnly: false,
    body: () => ({ starts_at: '2025-12-24T00:00', ends_at: '2025-12-27T00:00', reason: 'holidays' }),
    another: () => ({ starts_at: '2025-12-31T13:00', ends_at: '2025-12-31T17:00' }),
    change: { reason: 'training' },
  },
  {
    name: 'practice_settings', referencesClient: false, appendOnly: false,
    body: () => ({ key: 'practice_name', value: 'Grid Practice' }),
    another: () => ({ key: 'address', value: '1 Grid Street' }),
    change: { value: 'Changed Practice' },
  },
  {
    // Digests are unique across practices: each row gets a fresh one.
    name: 'calendar_feeds', referencesClient: false, appendOnly: false,
    body: () => ({ token_digest: randomDigest(), time_zone: 'Europe/Berlin' }),
    another: () => ({ token_digest: randomDigest(), time_zone: 'America/New_York', full_names: true }),
    change: { full_names: true },
  },
  {
    name: 'expenses', referencesClient: false, appendOnly: false,
    body: () => ({ date: '2025-03-01', amount: 10, category: 'supplies' }),
    another: () => ({ date: '2025-03-02', amount: 20, category: 'linens' }),
    change: { vendor: 'Changed Vendor' },
  },
  {
    name: 'appointments', referencesClient: true, appendOnly: false,
    body: (refs) => ({ date: '2025-03-10', start_time: '09:00', end_time: '10:00', client_id: refs.client_id }),
    another: (refs) => ({ date: '2025-03-10', start_time: '11:00', end_time: '12:00', client_id: refs.client_id }),
    change: { notes: 'changed' },
  },
  {
    name: 'sessions', referencesClient: true, appendOnly: false,
    body: (refs) => ({ client_id: refs.client_id, subjective: 'Grid note' }),
    another: (refs) => ({ client_id: refs.client_id, plan: 'Second note' }),
    change: { plan: 'changed' },
  },
  {
    name: 'conversation_log', referencesClient: true, appendOnly: true,
    body: (refs) => ({ client_id: refs.client_id, role: 'client', message: 'Grid message' }),
    another: (refs) => ({ client_id: refs.client_id, role: 'therapist', message: 'Second message' }),
    change: { message: 'changed' },
  },
  {
    name: 'packages', referencesClient: true, referencesService: true, appendOnly: true,
    body: (refs) => ({ client_id: refs.client_id, service_id: refs.service_id, visits: 5, price: 400, sold_on: '2025-03-01' }),
    another: (refs) => ({ client_id: refs.client_id, service_id: refs.service_id, visits: 10, price: 750, sold_on: '2025-03-02' }),
    change: { note: 'changed' },
  },
  {
    name: 'payments', referencesClient: true, appendOnly: true,
    body: (refs) => ({ client_id: refs.client_id, amount: 85, method: 'card' }),
    another: (refs) => ({ client_id: refs.client_id, amount: 40, method: 'cash' }),
    change: { note: 'changed' },
  },
  {
    name: 'invoices', referencesClient: true, appendOnly: true,
    body: (refs) => ({ client_id: refs.client_id, lines: [{ date: '2025-03-10', service: 'Grid Massage', gross: 80, tax_rate: 0 }] }),
    another: (refs) => ({ client_id: refs.client_id, lines: [{ date: '2025-03-11', service: 'Second Massage', gross: 45, tax_rate: 19 }] }),
    change: { note: 'changed' },
  },
  {
    // Slugs are unique on the whole service: each body its own.
    name: 'booking_pages', referencesClient: false, appendOnly: false,
    body: () => ({ slug: `grid-${randomUUID().slice(0, 8)}`, time_zone: 'Europe/Berlin' }),
    another: () => ({ slug: `grid-${randomUUID().slice(0, 8)}`, time_zone: 'UTC', instant: true }),
    change: { notice_minutes: 120 },
  },
  {
    name: 'booking_requests', referencesClient: true, appendOnly: true, referencesAppointments: true,
    body: (refs) => ({ appointment_id: refs.appointment_id, client_id: refs.client_id, email: 'grid@example.com' }),
    another: (refs) => ({ appointment_id: refs.second_appointment_id, client_id: refs.client_id, email: 'second@example.com' }),
    change: { email: 'changed@example.com' },
  },
  {
    name: 'reminders', referencesClient: true, appendOnly: false, referencesAppointments: true, undeletable: true,
    body: (refs) => ({ appointment_id: refs.appointment_id, client_id: refs.client_id, channel: 'sms', message: 'Grid reminder' }),
    another: (refs) => ({ appointment_id: refs.second_appointment_id, client_id: refs.client_id, channel: 'email', message: 'Second reminder' }),
    change: { state: 'failed' },
  },
];

/** The references a row of `table` needs, made in `who`'s practice. */
async function referencesFor(table: GridTable, who: Caller, clientName: string): Promise<Row> {
  if (!table.referencesClient) return {};
  const client_id = (await createClient(who, { name: clientName })).id;
  if (table.referencesService) {
    const [service] = await insert(who, 'service_menu', [{ name: `${clientName} Massage`, duration: 60, price: 80 }]);
    return { client_id, service_id: service!.id };
  }
  if (!table.referencesAppointments) return { client_id };
  const [first, second] = await insert(who, 'appointments', [
    { client_id, date: '2025-03-10', start_time: '09:00', end_time: '10:00' },
    { client_id, date: '2025-03-10', start_time: '11:00', end_time: '12:00' },
  ]);
  return { client_id, appointment_id: first!.id, second_appointment_id: second!.id };
}

/** References that exist nowhere: a missing client (and service, and appointments). */
const missingRefs = (): Row => ({ client_id: randomUUID(), service_id: randomUUID(), appointment_id: randomUUID(), second_appointment_id: randomUUID() });

type Who = 'owner' | 'other practice' | 'no token' | 'expired token' | 'forged token';
const OPERATIONS = ['GET', 'POST', 'PATCH', 'DELETE', 'upsert'] as const;
type Operation = (typeof OPERATIONS)[number];

interface Scene {
  owner: Practice;
  who: Caller;
  table: GridTable;
  /** The owner's row as created. */
  row: Row;
  refs: Row;
}

async function scene(table: GridTable, whoName: Who): Promise<Scene> {
  const owner = await practice(server);
  const refs = await referencesFor(table, owner, 'Owner Client');
  const [row] = await insert(owner, table.name, table.body(refs));
  const who: Caller = await {
    owner: async () => owner,
    'other practice': () => practice(server),
    'no token': async () => anonymous(server),
    'expired token': () => expiredCaller(server, owner.id),
    'forged token': () => forgedCaller(server, owner.id),
  }[whoName]();
  return { owner, who, table, row: row!, refs };
}

const byId = (s: Scene) => `/${s.table.name}?id=eq.${s.row.id}`;

function send(s: Scene, op: Operation): Promise<Reply> {
  switch (op) {
    case 'GET': return s.who.get(byId(s));
    case 'POST': return s.who.post(`/${s.table.name}`, s.table.another(s.refs));
    case 'PATCH': return s.who.patch(byId(s), s.table.change);
    case 'DELETE': return s.who.delete(byId(s));
    case 'upsert':
      return s.who.post(`/${s.table.name}`, { ...s.table.body(s.refs), ...s.table.change, id: s.row.id },
        { prefer: 'resolution=merge-duplicates' });
  }
}

/** The owner still has exactly its row, unchanged. */
async function ownerUntouched(s: Scene) {
  expect(await rows(s.owner, `/${s.table.name}`)).toEqual([s.row]);
}

function expectRefusedToken(reply: Reply, code: 'PGRST301' | 'PGRST303') {
  expectError(reply, 401, code);
  expect(reply.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
}

describe.each(TABLES)('$name', (table) => {
  describe('owner', () => {
    it('GET reads its row', async () => {
      const s = await scene(table, 'owner');
      const reply = await send(s, 'GET');
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual([s.row]);
    });

    it('POST adds a row', async () => {
      const s = await scene(table, 'owner');
      const reply = await send(s, 'POST');
      expect(reply.status, reply.text).toBe(201);
      expect(await rows(s.owner, `/${table.name}?select=id`)).toHaveLength(2);
    });

    it.each(['PATCH', 'upsert'] as const)('%s changes its row (refused on an append-only table)', async (op) => {
      const s = await scene(table, 'owner');
      const reply = await send(s, op);
      if (table.appendOnly) {
        expectError(reply, 403, '42501');
        await ownerUntouched(s);
        return;
      }
      expect(reply.status, reply.text).toBe(op === 'PATCH' ? 204 : 200);
      const [changed] = await rows(s.owner, byId(s));
      expect(changed).toEqual(expect.objectContaining(table.change));
    });

    it('DELETE removes its row (refused on an append-only or undeletable table)', async () => {
      const s = await scene(table, 'owner');
      const reply = await send(s, 'DELETE');
      if (table.appendOnly || table.undeletable) {
        expectError(reply, 403, '42501');
        await ownerUntouched(s);
        return;
      }
      expect(reply.status, reply.text).toBe(204);
      expect(await rows(s.owner, `/${table.name}`)).toEqual([]);
    });
  });

  describe('other practice', () => {
    it('GET reads nothing, with or without filters naming the owner', async () => {
      const s = await scene(table, 'other practice');
      expect((await send(s, 'GET')).body).toEqual([]);
      expect(await rows(s.who, `/${table.name}`)).toEqual([]);
      expect(await rows(s.who, `/${table.name}?therapist_id=eq.${s.owner.id}`)).toEqual([]);
      expect(await rows(s.who, `/${table.name}?or=(therapist_id.eq.${s.owner.id},id.eq.${s.row.id})`)).toEqual([]);
      const counted = await s.who.get(`/${table.name}`, { prefer: 'count=exact' });
      expect(counted.headers.get('content-range')).toBe('*/0');
      await ownerUntouched(s);
    });

    it('POST cannot create a row in the owner\'s practice (403 42501)', async () => {
      const s = await scene(table, 'other practice');
      expectError(await s.who.post(`/${table.name}`, { ...table.another(s.refs), therapist_id: s.owner.id }), 403, '42501');
      await ownerUntouched(s);
      expect(await rows(s.who, `/${table.name}`)).toEqual([]);
    });

    if (table.referencesClient) {
      it('POST cannot point at the owner\'s client: the same answer as a missing client', async () => {
        const s = await scene(table, 'other practice');
        const foreign = await s.who.post(`/${table.name}`, table.another(s.refs));
        const missing = await s.who.post(`/${table.name}`, table.another(missingRefs()));
        expectError(foreign, 409, '23503');
        expect({ status: foreign.status, code: foreign.body.code }).toEqual({ status: missing.status, code: missing.body.code });
        expect(foreign.text).not.toContain('Owner Client');
        await ownerUntouched(s);
        expect(await rows(s.who, `/${table.name}`)).toEqual([]);
      });
    }

    it('PATCH changes nothing: 204, as if no row matched (403 on an append-only table)', async () => {
      const s = await scene(table, 'other practice');
      const attempts = [
        await send(s, 'PATCH'),
        await s.who.patch(`/${table.name}?therapist_id=eq.${s.owner.id}`, table.change),
        await s.who.patch(byId(s), table.change, { prefer: 'return=representation' }),
      ];
      if (table.appendOnly) {
        for (const reply of attempts) expectError(reply, 403, '42501');
      } else {
        expect(attempts.map((r) => r.status)).toEqual([204, 204, 200]);
        expect(attempts[2]!.body).toEqual([]);
      }
      await ownerUntouched(s);
    });

    it('DELETE deletes nothing: 204, as if no row matched (403 on an append-only table)', async () => {
      const s = await scene(table, 'other practice');
      const attempts = [await send(s, 'DELETE'), await s.who.delete(`/${table.name}?id=not.is.null`)];
      if (table.appendOnly || table.undeletable) {
        for (const reply of attempts) expectError(reply, 403, '42501');
      } else {
        expect(attempts.map((r) => r.status)).toEqual([204, 204]);
      }
      await ownerUntouched(s);
    });

    it('upsert with the owner\'s row id makes a row of its own (ids are per practice), the owner\'s stays', async () => {
      const s = await scene(table, 'other practice');
      const ownRefs = await referencesFor(table, s.who, 'Other Client');
      for (const resolution of ['merge-duplicates', 'ignore-duplicates']) {
        const reply = await s.who.post(`/${table.name}?select=id,therapist_id`, { ...table.body(ownRefs), ...table.change, id: s.row.id },
          { prefer: `resolution=${resolution},return=representation` });
        // merge-duplicates needs the UPDATE privilege, which the append-only log grants nobody.
        if (table.appendOnly && resolution === 'merge-duplicates') expectError(reply, 403, '42501');
        // ignore-duplicates finds the row merge-duplicates made, or inserts it now: 201 either way, as PostgREST.
        else expect(reply.status, `${resolution}: ${reply.text}`).toBe(201);
      }
      expect(await rows(s.who, `/${table.name}?select=id,therapist_id`)).toEqual([{ id: s.row.id, therapist_id: (s.who as Practice).id }]);
      await ownerUntouched(s);
    });

    if (table.referencesClient) {
      it('upsert pointing at the owner\'s client: the same answer as a missing client', async () => {
        const s = await scene(table, 'other practice');
        const upsert = (refs: Row) => s.who.post(`/${table.name}`, { ...table.body(refs), ...table.change, id: s.row.id },
          { prefer: 'resolution=merge-duplicates' });
        const foreign = await upsert(s.refs);
        const missing = await upsert(missingRefs());
        if (table.appendOnly) expectError(foreign, 403, '42501');
        else expectError(foreign, 409, '23503');
        expect({ status: foreign.status, code: foreign.body.code }).toEqual({ status: missing.status, code: missing.body.code });
        await ownerUntouched(s);
        expect(await rows(s.who, `/${table.name}`)).toEqual([]);
      });
    }
  });

  describe('no token (apikey only)', () => {
    it('GET reads []', async () => {
      const s = await scene(table, 'no token');
      const reply = await send(s, 'GET');
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual([]);
      expect(await rows(s.who, `/${table.name}`)).toEqual([]);
    });

    it.each(['POST', 'PATCH', 'DELETE', 'upsert'] as const)('%s is 401 42501', async (op) => {
      const s = await scene(table, 'no token');
      expectError(await send(s, op), 401, '42501');
      await ownerUntouched(s);
    });
  });

  describe.each([
    ['expired token', 'PGRST303'],
    ['forged token', 'PGRST301'],
  ] as const)('%s', (whoName, code) => {
    it.each(OPERATIONS)(`%s is 401 ${code} with WWW-Authenticate`, async (op) => {
      const s = await scene(table, whoName);
      expectRefusedToken(await send(s, op), code);
      await ownerUntouched(s);
    });
  });
});

// The audit trail is written by the database alone: every caller reads at most its own practice's
// rows, and no caller, the owner included, adds, changes or deletes one.
const AUDIT_RELATIONS = ['audit_log', 'audit_chain_breaks'];

describe('audit_log', () => {
  const ownerWithTrail = async () => {
    const owner = await practice(server);
    const [client] = await insert(owner, 'clients', { name: 'Audited Client' });
    const trail = await rows(owner, '/audit_log?order=id');
    expect(trail.map((row) => [row.table_name, row.row_id])).toEqual([['clients', client!.id]]);
    return { owner, trail };
  };
  const forged = { id: 2, table_name: 'clients', action: 'insert', actor_role: 'authenticated', via: 'cli', prev_hash: '0', hash: '0' };

  it('the owner reads its own trail and cannot add, change or delete a row of it (403 42501)', async () => {
    const { owner, trail } = await ownerWithTrail();
    expectError(await owner.post('/audit_log', forged), 403, '42501');
    expectError(await owner.post('/audit_log', { ...trail[0], via: 'mcp' }, { prefer: 'resolution=merge-duplicates' }), 403, '42501');
    expectError(await owner.patch('/audit_log?id=eq.1', { via: 'mcp' }), 403, '42501');
    expectError(await owner.delete('/audit_log?id=eq.1'), 403, '42501');
    expect(await rows(owner, '/audit_log?order=id')).toEqual(trail);
    expect(await rows(owner, '/audit_chain_breaks')).toEqual([]);
  });

  it('another practice and the apikey alone read none of it; expired and forged tokens are refused', async () => {
    const { owner, trail } = await ownerWithTrail();
    const other = await practice(server);
    for (const relation of AUDIT_RELATIONS) {
      expect(await rows(other, `/${relation}?therapist_id=eq.${owner.id}`)).toEqual([]);
      expect(await rows(anonymous(server), `/${relation}`)).toEqual([]);
      expectRefusedToken(await (await expiredCaller(server, owner.id)).get(`/${relation}`), 'PGRST303');
      expectRefusedToken(await (await forgedCaller(server, owner.id)).get(`/${relation}`), 'PGRST301');
    }
    expectError(await other.post('/audit_log', { ...forged, therapist_id: owner.id }), 403, '42501');
    expectError(await anonymous(server).post('/audit_log', forged), 401, '42501');
    expect(await rows(owner, '/audit_log?order=id')).toEqual(trail);
  });
});

// Each client's balance (migration 23) is kept by the database's triggers alone: the owner reads its
// own clients' rows, another practice and the apikey alone none, and no caller, the owner included,
// adds, changes or deletes one.
describe('client_balances', () => {
  const ownerWithBalance = async () => {
    const owner = await practice(server);
    const client = await createClient(owner, { name: 'Balanced Client' });
    await insert(owner, 'payments', { client_id: client.id, amount: 85, method: 'card' });
    const kept = await rows(owner, '/client_balances');
    expect(kept).toEqual([{ therapist_id: owner.id, client_id: client.id, billed: 0, paid: 85, visits: 0, covered_visits: 0, oldest_unpaid: null }]);
    return { owner, kept };
  };

  it('the owner reads its own and cannot add, change or delete a row of it (403 42501)', async () => {
    const { owner, kept } = await ownerWithBalance();
    const other = await createClient(owner, { name: 'Other Client' });
    expectError(await owner.post('/client_balances', { ...kept[0], client_id: other.id }), 403, '42501');
    expectError(await owner.post('/client_balances', { ...kept[0], paid: 0 }, { prefer: 'resolution=merge-duplicates' }), 403, '42501');
    expectError(await owner.patch(`/client_balances?client_id=eq.${kept[0]!.client_id}`, { paid: 0 }), 403, '42501');
    expectError(await owner.delete(`/client_balances?client_id=eq.${kept[0]!.client_id}`), 403, '42501');
    expect(await rows(owner, '/client_balances')).toEqual(kept);
  });

  it('another practice and the apikey alone read none of it, nor write; expired and forged tokens are refused', async () => {
    const { owner, kept } = await ownerWithBalance();
    const other = await practice(server);
    expect(await rows(other, `/client_balances?therapist_id=eq.${owner.id}`)).toEqual([]);
    expect(await rows(anonymous(server), '/client_balances')).toEqual([]);
    expectRefusedToken(await (await expiredCaller(server, owner.id)).get('/client_balances'), 'PGRST303');
    expectRefusedToken(await (await forgedCaller(server, owner.id)).get('/client_balances'), 'PGRST301');
    expectError(await other.post('/client_balances', { ...kept[0], therapist_id: owner.id }), 403, '42501');
    expectError(await other.patch(`/client_balances?therapist_id=eq.${owner.id}`, { paid: 0 }), 403, '42501');
    expectError(await anonymous(server).post('/client_balances', kept[0]), 401, '42501');
    expect(await rows(owner, '/client_balances')).toEqual(kept);
  });
});

describe('the grid', () => {
  it('covers every table the service exposes', async () => {
    const t = await practice(server);
    const reply = await t.get('/');
    expect(Object.keys(reply.body.definitions).sort()).toEqual([...TABLES.map((table) => table.name), ...AUDIT_RELATIONS, 'client_balances'].sort());
  });
});
