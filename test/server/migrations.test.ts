// The versioned migrations and the start-up security check, on the store under test: an empty
// database migrates (once, even when two servers race), and every rule of DESIGN.md section 3 holds.
import { randomBytes, randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, OwnerTransaction } from '../../src/server/db/database.js';
import { migrate } from '../../src/server/db/migrate.js';
import { migrations } from '../../src/server/db/migrations/index.js';
import { openDatabase } from '../../src/server/db/open.js';
import { assertRowLevelSecurity } from '../../src/server/db/verify-security.js';
import { databaseUrl } from '../helpers/database-url.js';
import { openTestDatabase, testStore, type TestDatabase } from '../helpers/store.js';

const TABLES = ['appointments', 'audit_log', 'booking_pages', 'booking_requests', 'business_hours', 'calendar_feeds', 'client_balances', 'clients', 'closures', 'conversation_log', 'expenses', 'invoices', 'packages', 'payments', 'practice_settings', 'reminders', 'service_menu', 'sessions'];

/** A database nothing has touched; `connect` opens another server's connection to it (PostgreSQL). */
async function emptyDatabase() {
  if (testStore() === 'pglite') {
    const db = await openDatabase({ memory: true });
    return { db, connect: async () => db, drop: () => db.close() };
  }
  const serverUrl = process.env.PRACTICE_TEST_DATABASE_URL!;
  const name = `practice_migrate_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const opened: Database[] = [];
  const connect = async () => {
    const db = await openDatabase({ url: databaseUrl(serverUrl, name) });
    opened.push(db);
    return db;
  };
  return {
    db: await connect(),
    connect,
    async drop() {
      await Promise.all(opened.map((db) => db.close()));
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

type Row = Record<string, any>;

const appliedVersions = (db: Database) =>
  db.query<{ version: number; applied_at: Date }>('select version, applied_at from practice_private.schema_migrations order by version');

describe('migrate', () => {
  it('lists the migrations in ascending version order', () => {
    const versions = migrations.map((m) => m.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(new Set(versions).size).toBe(versions.length);
  });

  it('migrates an empty database, and a second run changes nothing', async () => {
    const { db, drop } = await emptyDatabase();
    try {
      await migrate(db);
      const first = await appliedVersions(db);
      expect(first.map((row) => row.version)).toEqual(migrations.map((m) => m.version));
      const tables = await db.query<{ name: string }>(
        `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
      );
      expect(tables.map((t) => t.name)).toEqual(TABLES);
      await assertRowLevelSecurity(db);

      await migrate(db);
      expect(await appliedVersions(db)).toEqual(first);
    } finally {
      await drop();
    }
  });

  it('migration 4 gives existing appointments their service\'s price and buffer, leaving updated_at', async () => {
    const { db, drop } = await emptyDatabase();
    try {
      await migrate(db, { through: 3 });
      const practiceId = randomUUID();
      const one = async (text: string, values: unknown[]) => (await db.query<Row>(text, values))[0]!;
      const client = await one(`insert into clients (therapist_id, name) values ($1, 'Ann') returning id`, [practiceId]);
      const service = await one(
        `insert into service_menu (therapist_id, name, duration, price, buffer_minutes) values ($1, 'Deep 60', 60, 95.5, 15) returning id`,
        [practiceId],
      );
      const book = (start: string, end: string, serviceId: string | null, status = 'scheduled') =>
        one(
          `insert into appointments (therapist_id, client_id, service_id, date, start_time, end_time, status)
           values ($1, $2, $3, '2025-03-04', $4, $5, $6) returning id, updated_at::text`,
          [practiceId, client.id, serviceId, start, end, status],
        );
      // Booked back to back before buffers counted: the first keeps only the 10 minutes it has.
      const squeezed = await book('09:00', '09:50', service.id);
      const free = await book('10:00', '11:00', service.id);
      const plain = await book('12:00', '13:00', null);
      const missed = await book('13:00', '13:55', service.id, 'no_show');
      await book('14:00', '15:00', null);

      await migrate(db);
      const after = await db.query<Row>(`select id, price, buffer_minutes, updated_at::text from appointments order by start_time`);
      const terms = (row: Row) => [Number(row.price), row.buffer_minutes];
      expect(after.slice(0, 4).map((row) => (row.price === null ? [null, row.buffer_minutes] : terms(row)))).toEqual([
        [95.5, 10], [95.5, 15], [null, 0], [95.5, 15],
      ]);
      expect(after.slice(0, 4).map((row) => row.id)).toEqual([squeezed.id, free.id, plain.id, missed.id]);
      expect(after[0]!.updated_at).toEqual(squeezed.updated_at);
    } finally {
      await drop();
    }
  });

  it('migration 22 moves practice_schema_version() to plpgsql, keeping its security and grants, and it answers 22', async () => {
    const { db, drop } = await emptyDatabase();
    try {
      const described = async () => (await db.query<Row>(
        `select l.lanname as language, p.prosecdef as definer, p.provolatile as volatility, p.proconfig as config, p.proacl::text[] as acl,
           pg_get_function_identity_arguments(p.oid) as arguments, p.prorettype::regtype::text as returns,
           obj_description(p.oid, 'pg_proc') as comment, public.practice_schema_version() as answer
         from pg_proc p join pg_language l on l.oid = p.prolang where p.oid = 'public.practice_schema_version()'::regprocedure`))[0]!;
      await migrate(db, { through: 21 });
      const before = await described();
      expect(before).toMatchObject({ language: 'sql', answer: 21 });
      await migrate(db, { through: 22 });
      expect(await described()).toEqual({ ...before, language: 'plpgsql', answer: 22 });
    } finally {
      await drop();
    }
  });

  it('applies each version once when two servers migrate at the same time', async () => {
    const { db, connect, drop } = await emptyDatabase();
    try {
      const second = await connect();
      await Promise.all([migrate(db), migrate(second)]);
      expect((await appliedVersions(db)).map((row) => row.version)).toEqual(migrations.map((m) => m.version));
      await assertRowLevelSecurity(second);
    } finally {
      await drop();
    }
  });
});

describe('assertRowLevelSecurity', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await openTestDatabase();
  });
  afterAll(async () => {
    await test?.drop();
  });

  it('accepts the migrated schema', async () => {
    await expect(assertRowLevelSecurity(test.db)).resolves.toBeUndefined();
  });

  it('refuses a table in public without row-level security, naming it and the fix', async () => {
    await test.db.exec('create table public.unguarded (id int)');
    try {
      await expect(assertRowLevelSecurity(test.db)).rejects.toThrow(
        /table public\.unguarded has row-level security off: alter table public\.unguarded enable row level security/,
      );
    } finally {
      await test.db.exec('drop table public.unguarded');
    }
  });

  it('refuses a table the authenticated role owns, unless its row-level security is forced', async () => {
    await test.db.exec('alter table public.expenses owner to authenticated');
    await assertRowLevelSecurity(test.db);
    await test.db.exec('alter table public.expenses no force row level security');
    try {
      await expect(assertRowLevelSecurity(test.db)).rejects.toThrow(/table public\.expenses is owned by authenticated/);
    } finally {
      await test.db.exec('alter table public.expenses owner to current_user, force row level security');
    }
  });

  it('refuses a view that reads with its owner\'s rights', async () => {
    await test.db.exec('create view public.everyone as select name from public.clients');
    try {
      await expect(assertRowLevelSecurity(test.db)).rejects.toThrow(/alter view public\.everyone set \(security_invoker = true\)/);
    } finally {
      await test.db.exec('drop view public.everyone');
    }
  });

  // Roles are shared by the whole PostgreSQL cluster, so only PGlite's private copy may change one.
  it.runIf(testStore() === 'pglite')('refuses request roles that bypass row-level security', async () => {
    await test.db.exec('alter role anon bypassrls; alter role authenticated superuser');
    try {
      const refusal = assertRowLevelSecurity(test.db);
      await expect(refusal).rejects.toThrow(/role anon has BYPASSRLS: alter role anon nobypassrls/);
      await expect(refusal).rejects.toThrow(/role authenticated is a superuser/);
    } finally {
      await test.db.exec('alter role anon nobypassrls; alter role authenticated nosuperuser');
    }
  });
});

describe('the schema rules (as an authenticated practice)', () => {
  let test: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    test = await openTestDatabase();
    db = test.db;
  });
  afterAll(async () => {
    await test?.drop();
  });

  type Role = 'authenticated' | 'anon';

  /** One statement in a request-like transaction: role and claims set, as the REST layer does. */
  /** One transaction as `role` (and user `sub`), as a request runs. */
  function inTransactionAs<T>(role: Role, sub: string | null, work: (tx: OwnerTransaction) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await tx.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [
        role,
        JSON.stringify(sub ? { sub, role } : { role }),
      ]);
      return work(tx);
    });
  }

  function as(role: Role, sub: string | null, text: string, values: unknown[] = []): Promise<Row[]> {
    return inTransactionAs(role, sub, (tx) => tx.query<Row>(text, values));
  }

  function practice() {
    const id = randomUUID();
    const run = (text: string, values: unknown[] = []) => as('authenticated', id, text, values);
    const one = async (text: string, values: unknown[] = []) => (await run(text, values))[0]!;
    return {
      id,
      run,
      one,
      client: (name = 'Ann Lee') => one(`insert into clients (name) values ($1) returning *`, [name]),
      appointment: (clientId: string, date: string, start: string, end: string, status = 'scheduled') =>
        one(
          `insert into appointments (client_id, date, start_time, end_time, status) values ($1, $2, $3, $4, $5) returning *`,
          [clientId, date, start, end, status],
        ),
      visits: async (clientId: string) =>
        (await one(`select total_visits from clients where id = $1`, [clientId])).total_visits as number,
    };
  }

  it('keeps each practice to its own rows', async () => {
    const mine = practice();
    const theirs = practice();
    const ann = await mine.client();
    expect(ann.therapist_id).toBe(mine.id);
    expect(await theirs.run('select * from clients')).toEqual([]);
    await expect(theirs.run(`update clients set name = 'x' where id = $1 returning id`, [ann.id])).resolves.toEqual([]);
    await expect(mine.run(`insert into clients (name, therapist_id) values ('Eve', $1)`, [theirs.id])).rejects.toMatchObject({
      code: '42501',
      message: 'new row violates row-level security policy for table "clients"',
    });
    // A composite foreign key: another practice's client is not there to point at.
    await expect(theirs.appointment(ann.id, '2025-03-04', '10:00', '11:00')).rejects.toMatchObject({ code: '23503' });
  });

  it('lets anon read nothing and write nothing, and no API role read practice_private', async () => {
    await practice().client();
    await expect(as('anon', null, 'select * from clients')).resolves.toEqual([]);
    await expect(as('anon', null, `insert into clients (name) values ('x')`)).rejects.toMatchObject({
      code: '42501',
      message: 'permission denied for table clients',
    });
    for (const role of ['anon', 'authenticated'] as const) {
      await expect(as(role, randomUUID(), 'select * from practice_private.schema_migrations')).rejects.toMatchObject({
        code: '42501',
        message: 'permission denied for schema practice_private',
      });
    }
  });

  it('reads the user id from the claims, or from the legacy claim setting', async () => {
    const sub = randomUUID();
    await expect(as('authenticated', sub, 'select auth.uid() as uid')).resolves.toEqual([{ uid: sub }]);
    const legacy = await db.transaction(async (tx) => {
      await tx.query(`select set_config('request.jwt.claim.sub', $1, true)`, [sub]);
      return tx.query('select auth.uid() as uid');
    });
    expect(legacy).toEqual([{ uid: sub }]);
  });

  it('clients: a name, a status from the list, an email unique per practice ignoring case', async () => {
    const t = practice();
    await expect(t.run(`insert into clients (name) values ('  ')`)).rejects.toMatchObject({ code: '23514' });
    await expect(t.run(`insert into clients (name, status) values ('Ann', 'gone')`)).rejects.toMatchObject({
      code: '23514',
      message: 'new row for relation "clients" violates check constraint "clients_status_check"',
    });
    const ann = await t.one(`insert into clients (name, email) values ('Ann', 'Ann@Example.com') returning *`);
    expect(ann).toMatchObject({ status: 'active', total_visits: 0, phone: null });
    await expect(t.run(`insert into clients (name, email) values ('Annie', 'ann@example.COM')`)).rejects.toMatchObject({
      code: '23505',
      message: `Client Ann (${ann.id}) already has the email ann@example.COM`,
      hint: 'Use that client, or give this one another email address (emails are unique ignoring case).',
    });
    await expect(practice().run(`insert into clients (name, email) values ('Ann', 'ann@example.com')`)).resolves.toEqual([]);
  });

  it('clients: refuses to delete one with history, pointing to status inactive', async () => {
    const t = practice();
    const ann = await t.client('Ann');
    await t.appointment(ann.id, '2025-03-04', '10:00', '11:00');
    await expect(t.run('delete from clients where id = $1', [ann.id])).rejects.toMatchObject({
      code: '23503',
      message: 'Cannot delete client Ann: appointments, notes or messages refer to it',
      detail: `Client ${ann.id} has 1 appointment(s), 0 note(s) and 0 message(s).`,
      hint: "Set the client's status to inactive instead.",
    });
    const bob = await t.client('Bob');
    await expect(t.run('delete from clients where id = $1 returning name', [bob.id])).resolves.toEqual([{ name: 'Bob' }]);
  });

  it('clients.total_visits: set freely on create, then moves by one with completed appointments', async () => {
    const t = practice();
    const imported = await t.one(`insert into clients (name, total_visits) values ('Ann', 7) returning *`);
    expect(imported.total_visits).toBe(7);
    const bob = await t.client('Bob');
    const done = await t.appointment(imported.id, '2025-03-04', '10:00', '11:00', 'completed');
    expect(await t.visits(imported.id)).toBe(8);
    await t.run(`update appointments set client_id = $1 where id = $2`, [bob.id, done.id]);
    expect([await t.visits(imported.id), await t.visits(bob.id)]).toEqual([7, 1]);
    await t.run(`update appointments set status = 'confirmed' where id = $1`, [done.id]);
    expect(await t.visits(bob.id)).toBe(0);
    await t.run(`update appointments set status = 'completed' where id = $1`, [done.id]);
    expect(await t.visits(bob.id)).toBe(1);
    await t.run(`delete from appointments where id = $1`, [done.id]);
    expect(await t.visits(bob.id)).toBe(0);
    // An imported count that does not match the appointments stops at 0 instead of refusing.
    const extra = await t.appointment(bob.id, '2025-03-05', '10:00', '11:00', 'completed');
    await t.run(`update clients set total_visits = 0 where id = $1`, [bob.id]);
    await t.run(`delete from appointments where id = $1`, [extra.id]);
    expect(await t.visits(bob.id)).toBe(0);
  });

  it('service_menu: duration 1..1440, price >= 0, name unique ignoring case, delete refused while booked', async () => {
    const t = practice();
    const insertService = (name: string, duration: number, price: number) =>
      t.one(`insert into service_menu (name, duration, price) values ($1, $2, $3) returning *`, [name, duration, price]);
    const swedish = await insertService('Swedish 60', 60, 80);
    expect(swedish).toMatchObject({ buffer_minutes: 0, active: true });
    for (const [duration, price] of [[0, 10], [1441, 10], [60, -1]] as const) {
      await expect(insertService(`S${duration}`, duration, price)).rejects.toMatchObject({ code: '23514' });
    }
    await expect(insertService('SWEDISH 60', 60, 80)).rejects.toMatchObject({
      code: '23505',
      message: `Service Swedish 60 (${swedish.id}) already has the name SWEDISH 60`,
      hint: 'Use that service, or choose another name (names are unique ignoring case).',
    });
    const ann = await t.client();
    await t.run(
      `insert into appointments (client_id, service_id, date, start_time, end_time) values ($1, $2, '2025-03-04', '10:00', '11:00')`,
      [ann.id, swedish.id],
    );
    await expect(t.run('delete from service_menu where id = $1', [swedish.id])).rejects.toMatchObject({
      code: '23503',
      message: 'Cannot delete service Swedish 60: appointments refer to it',
      hint: "Set the service's active to false instead.",
    });
  });

  it('business_hours: split shifts allowed, overlapping rows of a day refused', async () => {
    const t = practice();
    const hours = (day: string, open: string, close: string) =>
      t.one(`insert into business_hours (day_of_week, open_time, close_time) values ($1, $2, $3) returning *`, [day, open, close]);
    const morning = await hours('monday', '09:00', '12:00');
    await hours('monday', '13:00', '17:00');
    await hours('monday', '12:00', '13:00');
    await hours('tuesday', '10:00', '11:00');
    await expect(hours('monday', '11:00', '12:30')).rejects.toMatchObject({
      code: '23P01',
      message: `Overlaps business hours ${morning.id} on monday from 09:00 to 12:00`,
      hint: 'Hours of one day may not overlap: change the existing row, or choose times around it.',
    });
    await expect(hours('Monday', '18:00', '19:00')).rejects.toMatchObject({ code: '23514' });
    await expect(hours('friday', '12:00', '09:00')).rejects.toMatchObject({
      code: '23514',
      message: 'new row for relation "business_hours" violates check constraint "business_hours_close_after_open"',
    });
  });

  it('appointments: client_name filled in, end after start, no overlap unless cancelled or no_show', async () => {
    const t = practice();
    const ann = await t.client('Ann Lee');
    const first = await t.appointment(ann.id, '2025-03-04', '10:00', '11:00');
    expect(first).toMatchObject({ status: 'scheduled', client_name: 'Ann Lee' });
    const named = await t.one(
      `insert into appointments (client_id, client_name, date, start_time, end_time) values ($1, 'Annie', '2025-03-04', '11:00', '12:00') returning *`,
      [ann.id],
    );
    expect(named.client_name).toBe('Annie');
    await expect(t.appointment(ann.id, '2025-03-05', '11:00', '10:00')).rejects.toMatchObject({
      code: '23514',
      message: 'new row for relation "appointments" violates check constraint "appointments_end_after_start"',
    });
    const overlap = {
      code: '23P01',
      message: `Overlaps appointment ${first.id} on 2025-03-04 from 10:00 to 11:00`,
      detail: 'That appointment is scheduled, with Ann Lee.',
      hint: 'Choose a time that does not overlap, or move or cancel the other appointment first.',
    };
    const noShow = await t.appointment(ann.id, '2025-03-04', '10:30', '10:45', 'no_show');
    await expect(t.run(`update appointments set status = 'scheduled' where id = $1`, [noShow.id])).rejects.toMatchObject(overlap);
    const cancelled = await t.appointment(ann.id, '2025-03-04', '10:30', '11:30', 'cancelled');
    await expect(t.run(`update appointments set status = 'scheduled' where id = $1`, [cancelled.id])).rejects.toMatchObject(overlap);
    const later = await t.appointment(ann.id, '2025-03-04', '15:00', '16:00');
    await expect(t.run(`update appointments set start_time = '09:30' where id = $1`, [later.id])).rejects.toMatchObject({ code: '23P01' });
    // Another practice's calendar is its own.
    const other = practice();
    await other.appointment((await other.client()).id, '2025-03-04', '10:00', '11:00');
  });

  it('appointments: status moves only along the transitions of DESIGN.md', async () => {
    const allowed: Record<string, string[]> = {
      scheduled: ['confirmed', 'completed', 'cancelled', 'no_show'],
      confirmed: ['completed', 'cancelled', 'no_show', 'scheduled'],
      cancelled: ['scheduled'],
      no_show: ['scheduled'],
      completed: ['confirmed'],
    };
    const t = practice();
    const ann = await t.client();
    let day = 1;
    for (const [from, next] of Object.entries(allowed)) {
      for (const to of Object.keys(allowed).filter((s) => s !== from)) {
        // A new appointment may start in any status (imports); each pair gets its own day.
        const appointment = await t.appointment(ann.id, `2025-04-${String(day++).padStart(2, '0')}`, '10:00', '11:00', from);
        const change = t.run(`update appointments set status = $1 where id = $2 returning status`, [to, appointment.id]);
        if (next.includes(to)) {
          await expect(change).resolves.toEqual([{ status: to }]);
        } else {
          await expect(change).rejects.toMatchObject({
            code: 'PT409',
            message: `Cannot change appointment status from ${from} to ${to}`,
            hint: `Allowed next states: ${next.join(', ')}`,
          });
        }
      }
    }
  });

  it('sessions: one note per appointment of the same client; signed notes are final; amendments', async () => {
    const t = practice();
    const ann = await t.client('Ann');
    const bob = await t.client('Bob');
    const visit = await t.appointment(ann.id, '2025-03-04', '10:00', '11:00');
    const note = (clientId: string, fields: Row) => {
      const columns = ['client_id', ...Object.keys(fields)];
      const params = columns.map((_, i) => `$${i + 1}`);
      return t.one(`insert into sessions (${columns.join(', ')}) values (${params.join(', ')}) returning *`, [clientId, ...Object.values(fields)]);
    };
    await expect(note(ann.id, { subjective: ' ', plan: '' })).rejects.toMatchObject({
      code: '23514',
      message: 'new row for relation "sessions" violates check constraint "sessions_content_check"',
    });
    await expect(note(bob.id, { appointment_id: visit.id, plan: 'rest' })).rejects.toMatchObject({
      code: '23503',
      message: `Appointment ${visit.id} is of another client`,
    });
    const first = await note(ann.id, { appointment_id: visit.id, subjective: 'sore neck' });
    await expect(note(ann.id, { appointment_id: visit.id, plan: 'again' })).rejects.toMatchObject({
      code: '23505',
      message: `Appointment ${visit.id} already has note ${first.id}`,
      hint: 'Change that note, or amend it once it is signed.',
    });
    await expect(t.run('delete from appointments where id = $1', [visit.id])).rejects.toMatchObject({
      code: '23503',
      message: `Cannot delete appointment ${visit.id}: note ${first.id} refers to it`,
      hint: 'Cancel the appointment instead.',
    });
    await expect(note(ann.id, { amends_id: first.id, plan: 'more' })).rejects.toMatchObject({
      code: 'PT409',
      message: `Note ${first.id} is not signed, so it cannot be amended`,
    });

    await t.run(`update sessions set signed_at = now(), plan = 'stretch' where id = $1`, [first.id]);
    const final = {
      code: 'PT409',
      hint: `Write an amendment instead: a new note with amends_id ${first.id}.`,
    };
    await expect(t.run(`update sessions set plan = 'x' where id = $1`, [first.id])).rejects.toMatchObject({
      ...final,
      message: `Note ${first.id} is signed and can no longer be changed`,
    });
    await expect(t.run(`delete from sessions where id = $1`, [first.id])).rejects.toMatchObject({
      ...final,
      message: `Note ${first.id} is signed and can no longer be deleted`,
    });
    await expect(note(bob.id, { amends_id: first.id, plan: 'x' })).rejects.toMatchObject({
      code: '23503',
      message: `Note ${first.id} is of another client`,
    });
    const amendment = await note(ann.id, { appointment_id: visit.id, amends_id: first.id, plan: 'stretch daily' });
    expect(amendment.amends_id).toBe(first.id);
  });

  it('expenses: amount above 0, category in lower case', async () => {
    const t = practice();
    const expense = (amount: number, category: string) =>
      t.run(`insert into expenses (date, amount, category) values ('2025-03-01', $1, $2)`, [amount, category]);
    await expect(expense(12.5, 'supplies')).resolves.toEqual([]);
    await expect(expense(0, 'supplies')).rejects.toMatchObject({ code: '23514' });
    await expect(expense(5, 'Supplies')).rejects.toMatchObject({
      code: '23514',
      message: 'new row for relation "expenses" violates check constraint "expenses_category_lower_case"',
    });
  });

  it('conversation_log: append-only, role and channel from their lists', async () => {
    const t = practice();
    const ann = await t.client();
    const entry = await t.one(`insert into conversation_log (client_id, role, message) values ($1, 'client', 'hi') returning *`, [ann.id]);
    expect(entry.channel).toBe('chat');
    for (const statement of [`update conversation_log set message = 'x' where id = $1`, `delete from conversation_log where id = $1`]) {
      await expect(t.run(statement, [entry.id])).rejects.toMatchObject({
        code: '42501',
        message: 'permission denied for table conversation_log',
      });
    }
    await expect(t.run(`insert into conversation_log (client_id, role, message) values ($1, 'bot', 'hi')`, [ann.id])).rejects.toMatchObject({
      code: '23514',
    });
  });

  it('updated_at moves on with every change, even two within one tick of the clock', async () => {
    const t = practice();
    const ann = await t.client();
    // now() is the same for every statement of a transaction, and PGlite's clock ticks in
    // milliseconds: two updates in one transaction are two changes in one tick. Compared in SQL,
    // to the microsecond, against the row as it was before each update.
    const moved = await inTransactionAs('authenticated', t.id, async (tx) => {
      const changes: unknown[] = [];
      for (const phone of ['555-0001', '555-0002']) {
        changes.push(...(await tx.query(
          `update clients c set phone = $2 from (select id, updated_at as before from clients where id = $1) old
           where c.id = old.id returning c.updated_at > old.before as moved`,
          [ann.id, phone],
        )));
      }
      return changes;
    });
    expect(moved).toEqual([{ moved: true }, { moved: true }]);
  });

  // Two writes that each see no conflict (neither has committed) still cannot both win: the
  // constraints decide, not the explaining triggers.
  async function race(t: ReturnType<typeof practice>, statements: [string, unknown[]][]) {
    const results = await Promise.allSettled(statements.map(([text, values]) =>
      inTransactionAs('authenticated', t.id, async (tx) => {
        await tx.query(text, values);
        await tx.query('select pg_sleep(0.3)');
      })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    return results.find((r): r is PromiseRejectedResult => r.status === 'rejected')!.reason;
  }

  it.runIf(testStore() === 'postgres')('holds the no-overlap rule, buffers included, when two bookings race', async () => {
    const t = practice();
    const ann = await t.client();
    const book = (day: string, start: string, end: string, buffer: number): [string, unknown[]] => [
      `insert into appointments (client_id, date, start_time, end_time, buffer_minutes) values ($1, $2, $3, $4, $5)`,
      [ann.id, day, start, end, buffer],
    ];
    const overlap = { code: '23P01', message: expect.stringContaining('appointments_no_overlap') };
    expect(await race(t, [book('2025-05-01', '10:00', '11:00', 0), book('2025-05-01', '10:30', '11:00', 0)])).toMatchObject(overlap);
    expect(await race(t, [book('2025-05-02', '09:00', '10:00', 15), book('2025-05-02', '10:05', '11:00', 0)])).toMatchObject(overlap);
  });

  it.runIf(testStore() === 'postgres')('holds unique emails and service names when two writes race', async () => {
    const t = practice();
    const duplicate = { code: '23505', message: expect.stringMatching(/clients_email_key|service_menu_name_key/) };
    const client = (name: string, email: string): [string, unknown[]] => [`insert into clients (name, email) values ($1, $2)`, [name, email]];
    expect(await race(t, [client('Ann', 'ann@example.com'), client('Annie', 'ANN@example.com')])).toMatchObject(duplicate);
    const service = (name: string): [string, unknown[]] => [`insert into service_menu (name, duration, price) values ($1, 60, 80)`, [name]];
    expect(await race(t, [service('Swedish 60'), service('swedish 60')])).toMatchObject(duplicate);
  });
});

