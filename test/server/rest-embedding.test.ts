// Resource embedding over the composite foreign keys, as PostgREST answers it: to-one and to-many,
// nesting, aliases, hints and the ambiguity error, !inner/!left, the parameters of an embedded
// resource, count, spreads, ordering by a to-one column, embed=is.null, and the refusals. Every
// answer is checked against what PostgREST's documentation and test suite show for the same request.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAppointment, createClient, createNote, createService, expectError, insert, practice, REPRESENTATION, rows,
  type Practice, type Row,
} from '../helpers/fixtures.js';
import { startTestServer } from '../helpers/server.js';

const server = await startTestServer();
afterAll(() => server.close());

/** Ann: a completed appointment with a service and a note, and a scheduled one without a service; Bob: one; Carl: none. */
async function practiceWithHistory(t: Practice) {
  const ann = await createClient(t, { name: 'Ann Lee' });
  const bob = await createClient(t, { name: 'Bob Stone', phone: null });
  const carl = await createClient(t, { name: 'Carl Moss' });
  const massage = await createService(t, { name: 'Swedish 60' });
  const annFirst = await createAppointment(t, {
    client_id: ann.id, service_id: massage.id, date: '2025-03-10', start_time: '10:00', end_time: '11:00', status: 'completed',
  });
  const annSecond = await createAppointment(t, { client_id: ann.id, date: '2025-03-11', start_time: '09:00', end_time: '10:00' });
  const bobs = await createAppointment(t, {
    client_id: bob.id, service_id: massage.id, date: '2025-03-10', start_time: '14:30', end_time: '15:30', status: 'confirmed',
  });
  const note = await createNote(t, { client_id: ann.id, appointment_id: annFirst.id, subjective: 'Sore neck' });
  return { ann, bob, carl, massage, annFirst, annSecond, bobs, note };
}

let t: Practice;
let history: Awaited<ReturnType<typeof practiceWithHistory>>;
beforeAll(async () => {
  t = await practice(server);
  history = await practiceWithHistory(t);
});

const get = (path: string) => rows(t, path);

describe('to-one', () => {
  it('embeds the referenced row as an object, under an alias', async () => {
    expect(await get('/appointments?select=id,client:clients(name)&order=date,start_time')).toEqual([
      { id: history.annFirst.id, client: { name: 'Ann Lee' } },
      { id: history.bobs.id, client: { name: 'Bob Stone' } },
      { id: history.annSecond.id, client: { name: 'Ann Lee' } },
    ]);
  });

  it('is null when the key is null', async () => {
    expect(await get(`/appointments?select=date,service_menu(name,price)&id=eq.${history.annSecond.id}`))
      .toEqual([{ date: '2025-03-11', service_menu: null }]);
  });

  it('keeps a referenced row whose selected columns are all null (an object of nulls, not null)', async () => {
    expect(await get(`/appointments?select=client:clients(phone)&id=eq.${history.bobs.id}`)).toEqual([{ client: { phone: null } }]);
  });

  it('puts embedded resources after the columns, whatever their place in select (as PostgREST does)', async () => {
    const [row] = await get(`/appointments?select=client:clients(name),date&id=eq.${history.bobs.id}`);
    expect(Object.keys(row!)).toEqual(['date', 'client']);
  });

  it('embeds every column with *, times as HH:MM and money as numbers', async () => {
    const [row] = await get(`/sessions?select=appointments(*)&id=eq.${history.note.id}`);
    expect(row!.appointments).toMatchObject({ id: history.annFirst.id, start_time: '10:00', end_time: '11:00', price: 80, status: 'completed' });
  });
});

describe('to-many', () => {
  it('embeds the referencing rows as an array, empty when there are none', async () => {
    expect(await get('/clients?select=name,appointments(date,status)&order=name&appointments.order=date')).toEqual([
      { name: 'Ann Lee', appointments: [{ date: '2025-03-10', status: 'completed' }, { date: '2025-03-11', status: 'scheduled' }] },
      { name: 'Bob Stone', appointments: [{ date: '2025-03-10', status: 'confirmed' }] },
      { name: 'Carl Moss', appointments: [] },
    ]);
  });

  it('nests two levels: a client, their appointments, each with its service and notes', async () => {
    const [ann] = await get(`/clients?select=name,appointments(date,service:service_menu(name),sessions(subjective))` +
      `&id=eq.${history.ann.id}&appointments.order=date`);
    expect(ann).toEqual({
      name: 'Ann Lee',
      appointments: [
        { date: '2025-03-10', service: { name: 'Swedish 60' }, sessions: [{ subjective: 'Sore neck' }] },
        { date: '2025-03-11', service: null, sessions: [] },
      ],
    });
  });

  it('filters, orders and pages an embedded resource without touching the top level', async () => {
    expect(await get('/clients?select=name,appointments(date)&order=name&appointments.status=eq.completed')).toEqual([
      { name: 'Ann Lee', appointments: [{ date: '2025-03-10' }] },
      { name: 'Bob Stone', appointments: [] },
      { name: 'Carl Moss', appointments: [] },
    ]);
    const path = `/clients?select=name,appointments(date)&id=eq.${history.ann.id}&appointments.order=date.desc`;
    expect(await get(`${path}&appointments.limit=1`)).toEqual([{ name: 'Ann Lee', appointments: [{ date: '2025-03-11' }] }]);
    expect(await get(`${path}&appointments.limit=1&appointments.offset=1`)).toEqual([{ name: 'Ann Lee', appointments: [{ date: '2025-03-10' }] }]);
    expect(await get(`${path}&appointments.or=(status.eq.cancelled,date.lt.2025-03-11)`)).toEqual([{ name: 'Ann Lee', appointments: [{ date: '2025-03-10' }] }]);
  });

  it('addresses a nested resource by its path of aliases', async () => {
    const [ann] = await get(`/clients?select=name,visits:appointments(date,notes:sessions(subjective))&id=eq.${history.ann.id}` +
      '&visits.order=date&visits.notes.subjective=eq.nothing');
    expect(ann!.visits).toEqual([{ date: '2025-03-10', notes: [] }, { date: '2025-03-11', notes: [] }]);
  });

  it('a table referencing itself embeds by its own name as one-to-many: a note with its amendments', async () => {
    const signed = await createNote(t, { client_id: history.carl.id, subjective: 'First', signed_at: '2025-03-10T10:15:00Z' });
    const amendment = await createNote(t, { client_id: history.carl.id, amends_id: signed.id, subjective: 'Correction' });
    expect(await get(`/sessions?select=subjective,sessions(subjective)&client_id=eq.${history.carl.id}&order=created_at`)).toEqual([
      { subjective: 'First', sessions: [{ subjective: 'Correction' }] },
      { subjective: 'Correction', sessions: [] },
    ]);
    expect(amendment.amends_id).toBe(signed.id);
    // Hinted by the constraint's name, still the one-to-many, as PostgREST resolves a hinted
    // self-reference; the key is composite, so a column is no hint (PGRST200, as in PostgREST).
    expect(await get(`/sessions?select=subjective,amendments:sessions!sessions_amends_fkey(subjective)&id=eq.${signed.id}`)).toEqual([
      { subjective: 'First', amendments: [{ subjective: 'Correction' }] },
    ]);
    expectError(await t.get(`/sessions?select=subjective,sessions!amends_id(subjective)&id=eq.${signed.id}`), 400, 'PGRST200');
  });

  it('counts embedded rows with (count)', async () => {
    expect(await get('/clients?select=name,appointments(count)&order=name')).toEqual([
      { name: 'Ann Lee', appointments: [{ count: 2 }] },
      { name: 'Bob Stone', appointments: [{ count: 1 }] },
      { name: 'Carl Moss', appointments: [{ count: 0 }] },
    ]);
  });
});

describe('join types and embed filters', () => {
  it('!inner leaves out the rows whose embedded resource matched nothing; !left (the default) keeps them', async () => {
    const inner = await t.get('/clients?select=name,appointments!inner(date)&appointments.status=eq.completed', { prefer: 'count=exact' });
    expect(inner.body).toEqual([{ name: 'Ann Lee', appointments: [{ date: '2025-03-10' }] }]);
    expect(inner.headers.get('content-range')).toBe('0-0/1');
    expect(await get('/clients?select=name,appointments!left(date)&order=name&appointments.status=eq.completed')).toHaveLength(3);
    expect(await get('/appointments?select=date,service_menu!inner(name)&order=date')).toEqual([
      { date: '2025-03-10', service_menu: { name: 'Swedish 60' } },
      { date: '2025-03-10', service_menu: { name: 'Swedish 60' } },
    ]);
  });

  it('embed=is.null keeps the rows whose to-one resource is missing, not.is.null the others', async () => {
    expect(await get('/appointments?select=date,service_menu(name)&service_menu=is.null')).toEqual([{ date: '2025-03-11', service_menu: null }]);
    expect(await get('/appointments?select=id,service_menu(name)&service_menu=not.is.null&order=start_time'))
      .toEqual([{ id: history.annFirst.id, service_menu: { name: 'Swedish 60' } }, { id: history.bobs.id, service_menu: { name: 'Swedish 60' } }]);
  });

  it('an empty embed with is.null is an anti-join, and takes no key in the row', async () => {
    expect(await get('/clients?select=name,appointments()&appointments=is.null')).toEqual([{ name: 'Carl Moss' }]);
    expect(await get('/clients?select=name,appointments()&appointments.status=eq.confirmed&appointments=not.is.null'))
      .toEqual([{ name: 'Bob Stone' }]);
    expect(await get('/clients?select=name,appointments()&or=(appointments.is.null,name.eq.Bob%20Stone)&order=name'))
      .toEqual([{ name: 'Bob Stone' }, { name: 'Carl Moss' }]);
  });
});

describe('spread, order by a to-one column, hints', () => {
  it('...clients(name) lifts the columns of a to-one resource into the row', async () => {
    expect(await get(`/appointments?select=date,...clients(client_name:name,phone)&id=eq.${history.annFirst.id}`))
      .toEqual([{ date: '2025-03-10', client_name: 'Ann Lee', phone: '555-0101' }]);
  });

  it('a spread to-many resource becomes correlated arrays', async () => {
    expect(await get(`/clients?select=name,...appointments(dates:date,statuses:status)&id=eq.${history.ann.id}&appointments.order=date`))
      .toEqual([{ name: 'Ann Lee', dates: ['2025-03-10', '2025-03-11'], statuses: ['completed', 'scheduled'] }]);
  });

  it('order=clients(name) sorts the top level by a column of the embedded to-one resource', async () => {
    const names = (list: Row[]) => list.map((row) => row.clients.name);
    expect(names(await get('/appointments?select=id,clients(name)&order=clients(name).desc,date'))).toEqual(['Bob Stone', 'Ann Lee', 'Ann Lee']);
    expect((await get('/appointments?select=id,client:clients(name)&order=client(name).asc,date.desc')).map((row) => row.id))
      .toEqual([history.annSecond.id, history.annFirst.id, history.bobs.id]);
  });

  it('a !hint naming the foreign key picks the relationship', async () => {
    expect(await get(`/appointments?select=client:clients!appointments_client_fkey(name)&id=eq.${history.bobs.id}`))
      .toEqual([{ client: { name: 'Bob Stone' } }]);
    expect(await get(`/clients?select=appointments!appointments_client_fkey(count)&id=eq.${history.ann.id}`))
      .toEqual([{ appointments: [{ count: 2 }] }]);
  });
});

describe('refusals, worded as PostgREST words them', () => {
  it('an unknown relationship is 400 PGRST200, with a close name as hint', async () => {
    const body = expectError(await t.get('/appointments?select=id,client(name)'), 400, 'PGRST200');
    expect(body).toEqual({
      code: 'PGRST200',
      message: "Could not find a relationship between 'appointments' and 'client' in the schema cache",
      details: "Searched for a foreign key relationship between 'appointments' and 'client' in the schema 'public', but no matches were found.",
      hint: "Perhaps you meant 'clients' instead of 'client'.",
    });
  });

  it('a hint that names no foreign key is 400 PGRST200, naming the hint', async () => {
    const body = expectError(await t.get('/appointments?select=id,clients!nope(name)'), 400, 'PGRST200');
    expect(body.details).toBe("Searched for a foreign key relationship between 'appointments' and 'clients' using the hint 'nope' in the schema 'public', but no matches were found.");
    // PostgREST's fuzzy suggestion among appointments' other relationships, 'clients' itself left out.
    expect(body.hint).toBe("Perhaps you meant 'payments' instead of 'clients'.");
  });

  it('a table with no relationships at all is 400 PGRST200', async () => {
    const body = expectError(await t.get('/expenses?select=id,clients(name)'), 400, 'PGRST200');
    expect(body.message).toBe("Could not find a relationship between 'expenses' and 'clients' in the schema cache");
  });

  it.each([
    ['appointments.status=eq.completed', 'appointments', 'PGRST108'],
    ['order=clients(name)', 'clients', 'PGRST108'],
  ])('a parameter for a resource the select does not embed (%s) is 400 %s', async (param, name, code) => {
    const body = expectError(await t.get(`/clients?select=name&${param}`), 400, code);
    expect(body).toEqual({
      code, details: null, message: `'${name}' is not an embedded resource in this request`,
      hint: `Verify that '${name}' is included in the 'select' query parameter.`,
    });
  });

  it('ordering by a to-many resource is 400 PGRST118', async () => {
    const body = expectError(await t.get('/clients?select=name,appointments(date)&order=appointments(date)'), 400, 'PGRST118');
    expect(body).toEqual({
      code: 'PGRST118', hint: null, message: "A related order on 'appointments' is not possible",
      details: "'clients' and 'appointments' do not form a many-to-one or one-to-one relationship",
    });
  });

  it('an unknown column inside an embed is 400 42703', async () => {
    const body = expectError(await t.get('/appointments?select=id,clients(nickname)'), 400, '42703');
    expect(body.message).toBe('column clients.nickname does not exist');
  });

  it.each([
    'select=id,clients(name', 'select=id,clients(name))', 'select=id,clients!(name)', 'select=id,...(name)',
    'select=id,clients!a!b!c(name)', 'select=id,clients(name)x', 'order=clients(name', 'appointments..status=eq.x',
  ])('a malformed %s is 400 PGRST100', async (search) => {
    expectError(await t.get(`/clients?${search}`), 400, 'PGRST100');
  });

  it.each([
    'select=count,name', 'select=a:appointments(id),a:appointments(id)', 'select=appointments(count,date)',
    'select=appointments(sessions(appointments(clients(appointments(count)))))', 'select=clients(*)&clients.order=name',
    'select=...appointments(count)', 'select=appointments(),appointments()', `select=${'appointments(clients('.repeat(4)}id${'))'.repeat(4)}`,
  ])('no odd select is ever a 5xx: %s', async (search) => {
    const reply = await t.get(`/clients?${search}`);
    expect(reply.status, reply.text).toBeLessThan(500);
  });
});

describe('writes', () => {
  it('return=representation embeds the related rows of the written row', async () => {
    const [row] = await insert(t, 'appointments', { date: '2025-04-01', start_time: '08:00', end_time: '09:00', client_id: history.carl.id });
    const reply = await t.patch(`/appointments?id=eq.${row!.id}&select=status,client:clients(name),service_menu(name)`, { status: 'confirmed' }, REPRESENTATION);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([{ status: 'confirmed', client: { name: 'Carl Moss' }, service_menu: null }]);
    await t.delete(`/appointments?id=eq.${row!.id}`);
  });
});

describe('isolation', () => {
  it('a practice sees only its own rows through an embed, even where another practice uses the same ids', async () => {
    const other = await practice(server);
    // Ids are unique per practice: the other practice may hold a client with Ann's very id.
    const twin = await createClient(other, { id: history.ann.id, name: 'Not Ann' });
    expect(twin.id).toBe(history.ann.id);
    const theirs = await createAppointment(other, { client_id: twin.id, date: '2025-03-10', start_time: '10:00', end_time: '11:00' });

    expect(await rows(other, '/appointments?select=id,client:clients(name)')).toEqual([{ id: theirs.id, client: { name: 'Not Ann' } }]);
    expect(await rows(other, '/clients?select=name,appointments(id),sessions(id)')).toEqual([{ name: 'Not Ann', appointments: [{ id: theirs.id }], sessions: [] }]);
    const [ann] = await get(`/clients?select=name,appointments(id)&id=eq.${history.ann.id}&appointments.order=date`);
    expect(ann).toEqual({ name: 'Ann Lee', appointments: [{ id: history.annFirst.id }, { id: history.annSecond.id }] });
    expect(await rows(other, `/clients?select=name,...appointments!inner(id)&appointments.id=eq.${history.annFirst.id}`)).toEqual([]);
  });
});

describe('ambiguity', () => {
  // A table with two foreign keys to clients, which the practice schema does not have: embedding
  // clients from it (or it from clients) needs a hint.
  const REFERRALS = `
    create table public.referrals (
      id uuid not null default gen_random_uuid(),
      therapist_id uuid not null default auth.uid(),
      referrer_id uuid not null,
      referred_id uuid not null,
      constraint referrals_pkey primary key (therapist_id, id),
      constraint referrals_referrer_fkey foreign key (therapist_id, referrer_id) references public.clients (therapist_id, id),
      constraint referrals_referred_fkey foreign key (therapist_id, referred_id) references public.clients (therapist_id, id)
    );
    alter table public.referrals enable row level security;
    create policy referrals_own on public.referrals to authenticated
      using (therapist_id = (select auth.uid())) with check (therapist_id = (select auth.uid()));
    grant select, insert on public.referrals to authenticated;`;
  const referrals = startTestServer({ schemaSql: REFERRALS });
  afterAll(async () => (await referrals).close());

  it('two foreign keys to the same table answer 300 PGRST201 listing both, until a hint picks one', async () => {
    const other = await referrals;
    const p = await practice(other);
    const ann = await createClient(p, { name: 'Ann Lee' });
    const bob = await createClient(p, { name: 'Bob Stone' });
    await insert(p, 'referrals', { referrer_id: ann.id, referred_id: bob.id });

    const reply = await p.get('/referrals?select=*,clients(*)');
    expect(reply.status).toBe(300);
    expect(reply.body).toEqual({
      code: 'PGRST201',
      details: [
        {
          cardinality: 'many-to-one', embedding: 'referrals with clients',
          relationship: 'referrals_referred_fkey using referrals(therapist_id, referred_id) and clients(therapist_id, id)',
        },
        {
          cardinality: 'many-to-one', embedding: 'referrals with clients',
          relationship: 'referrals_referrer_fkey using referrals(therapist_id, referrer_id) and clients(therapist_id, id)',
        },
      ],
      hint: "Try changing 'clients' to one of the following: 'clients!referrals_referred_fkey', 'clients!referrals_referrer_fkey'. " +
        "Find the desired relationship in the 'details' key.",
      message: "Could not embed because more than one relationship was found for 'referrals' and 'clients'",
    });
    const back = await p.get('/clients?select=name,referrals(id)');
    expect([back.status, back.body.code, back.body.details[0].cardinality]).toEqual([300, 'PGRST201', 'one-to-many']);

    expect(await rows(p, '/referrals?select=from:clients!referrals_referrer_fkey(name),to:clients!referrals_referred_fkey(name)'))
      .toEqual([{ from: { name: 'Ann Lee' }, to: { name: 'Bob Stone' } }]);
    expect(await rows(p, '/clients?select=name,referred:referrals!referrals_referrer_fkey(count)&order=name')).toEqual([
      { name: 'Ann Lee', referred: [{ count: 1 }] },
      { name: 'Bob Stone', referred: [{ count: 0 }] },
    ]);
  });
});

it('a random id never found through an embed filter leaves the top level whole', async () => {
  expect(await get(`/clients?select=name,appointments(id)&appointments.id=eq.${randomUUID()}&order=name`)).toEqual([
    { name: 'Ann Lee', appointments: [] }, { name: 'Bob Stone', appointments: [] }, { name: 'Carl Moss', appointments: [] },
  ]);
});
