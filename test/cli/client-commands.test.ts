// `practice client` end to end: the built binary against an in-process service that records every
// request, so each test checks the output, the exit code and the exact query string sent.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInHome } from '../helpers/cli.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let home: Awaited<ReturnType<typeof signedInHome>>;
let me: string;
let headers: Record<string, string>;

/** Writes rows as the signed-in therapist without the CLI, to set up a test quickly. */
async function seed(table: string, row: Record<string, unknown>): Promise<any> {
  const response = await server.request(`/${table}`, { method: 'POST', headers: { ...headers, prefer: 'return=representation' }, body: JSON.stringify(row) });
  if (response.status !== 201) throw new Error(`seed ${table}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as any[])[0];
}

/** The REST requests (path and query) the CLI sent since the test began. */
const sent = () => server.received.filter((request) => request.url.startsWith('/rest/')).map((request) => `${request.method} ${request.url.slice('/rest/v1'.length)}`);

beforeAll(async () => {
  server = await startTestServer({ recordRequests: true });
  home = await signedInHome(server.url, server.keys.anonKey);
  const session = (await home.readConfig()).profiles.test.session;
  me = session.user.id;
  headers = { apikey: server.keys.anonKey, authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' };
  await seed('clients', { name: 'Ann Lee', email: 'ann@example.com', phone: '555-0100', total_visits: 2 });
  await seed('clients', { name: 'Anna Berg' });
  await seed('clients', { name: 'Carl Dunn', status: 'inactive' });
});

beforeEach(() => {
  server.received.length = 0;
});

afterAll(async () => {
  await home.cleanup();
  await server.close();
});

describe('client list', () => {
  it('sends therapist_id and order by name, and prints TSV when piped', async () => {
    const result = await home.run(['client', 'list']);
    expect(result.code).toBe(0);
    expect(sent()).toEqual([`GET /clients?therapist_id=eq.${me}&order=name.asc,id.asc`]);
    const lines = result.stdout.trim().split('\n').map((line) => line.split('\t').slice(1));
    expect(lines.slice(0, 3)).toEqual([
      ['Ann Lee', '555-0100', 'ann@example.com', 'active', '2'],
      ['Anna Berg', '', '', 'active', '0'],
      ['Carl Dunn', '', '', 'inactive', '0'],
    ]);
    expect(result.stdout.split('\t')[0]).toMatch(/^[0-9a-f]{8}$/);
  });

  it('turns --status, --limit and --json fields into filters and select=', async () => {
    const result = await home.run(['client', 'list', '--status', 'inactive', '--limit', '5', '--json', 'name,status']);
    expect(sent()).toEqual([`GET /clients?therapist_id=eq.${me}&order=name.asc,id.asc&status=eq.inactive&select=name,status&limit=5`]);
    expect(JSON.parse(result.stdout)).toEqual([{ name: 'Carl Dunn', status: 'inactive' }]);
  });

  it('refuses a bad --limit, --status or field before sending (exit 2)', async () => {
    for (const args of [['--limit', 'ten'], ['--status', 'gone'], ['--json', 'name,shoe_size']]) {
      const result = await home.run(['client', 'list', ...args]);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain(args[0]);
    }
    expect(sent()).toEqual([]);
  });
});

describe('client search', () => {
  it('sends one request: the folded name, phone or email ilike, and therapist_id', async () => {
    const result = await home.run(['client', 'search', 'ann', '--json', 'name']);
    expect(sent()).toEqual([`GET /clients?or=(search_name.ilike.%22*ann*%22,phone.ilike.%22*ann*%22,email.ilike.%22*ann*%22)&therapist_id=eq.${me}&order=name.asc,id.asc&select=name`]);
    expect(JSON.parse(result.stdout)).toEqual([{ name: 'Ann Lee' }, { name: 'Anna Berg' }]);
  });

  it('finds a client by part of the phone number or the email, any case', async () => {
    const byPhone = await home.run(['client', 'search', '5-010', '--json', 'name']);
    expect(JSON.parse(byPhone.stdout)).toEqual([{ name: 'Ann Lee' }]);
    const byEmail = await home.run(['client', 'search', 'ANN@EXAMPLE', '--json', 'name']);
    expect(JSON.parse(byEmail.stdout)).toEqual([{ name: 'Ann Lee' }]);
  });

  it('ignores accents and case in the name: jurgen finds Jürgen, ZOE finds Zoë, lodz finds Łódź', async () => {
    await seed('clients', { name: 'Jürgen Müller' });
    await seed('clients', { name: 'Zoë Łódź' });
    const jurgen = await home.run(['client', 'search', 'jurgen', '--json', 'name']);
    expect(jurgen).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(jurgen.stdout)).toEqual([{ name: 'Jürgen Müller' }]);
    expect(JSON.parse((await home.run(['client', 'search', 'ZOE', '--json', 'name'])).stdout)).toEqual([{ name: 'Zoë Łódź' }]);
    expect(JSON.parse((await home.run(['client', 'search', 'lodz', '--json', 'name'])).stdout)).toEqual([{ name: 'Zoë Łódź' }]);
    // Typed with its accents, the name is found as well.
    expect(JSON.parse((await home.run(['client', 'search', 'MÜLLER', '--json', 'name'])).stdout)).toEqual([{ name: 'Jürgen Müller' }]);
    expect(sent().at(-1)).toContain('search_name.ilike.%22*muller*%22');
  });

  it('quotes and encodes text that looks like more conditions, so it only ever matches text', async () => {
    const result = await home.run(['client', 'search', 'x&therapist_id=neq.0,or=(name.eq.y)']);
    expect(result).toMatchObject({ code: 0, stdout: '' });
    const item = '%22*x%26therapist%5C%5C_id%3Dneq.0,or%3D(name.eq.y)*%22';
    expect(sent()).toEqual([`GET /clients?or=(search_name.ilike.${item},phone.ilike.${item},email.ilike.${item})&therapist_id=eq.${me}&order=name.asc,id.asc`]);
  });
});

describe('client add', () => {
  it('creates with a client-chosen id and prints it', async () => {
    const result = await home.run(['client', 'add', '--name', 'Dora Fox', '--phone', '555-0142', '--email', 'dora@example.com', '--notes', 'prefers mornings']);
    expect(result.code).toBe(0);
    const id = result.stdout.trim();
    expect(result.stderr).toContain(`Added client Dora Fox (${id.slice(0, 8)})`);
    expect(sent()).toEqual(['POST /clients']);
    const [stored] = (await (await server.request(`/clients?id=eq.${id}`, { headers })).json()) as any[];
    expect(stored).toMatchObject({ name: 'Dora Fox', phone: '555-0142', email: 'dora@example.com', notes: 'prefers mornings', status: 'active' });
  });

  it('refuses a bad email, a missing name or an empty one before sending (exit 2)', async () => {
    const badEmail = await home.run(['client', 'add', '--name', 'Eve', '--email', 'not-an-email']);
    expect(badEmail.code).toBe(2);
    expect(badEmail.stderr).toMatch(/--email: .*email/i);
    const noName = await home.run(['client', 'add', '--phone', '555']);
    expect(noName.code).toBe(2);
    expect(noName.stderr).toContain('Pass --name');
    const blank = await home.run(['client', 'add', '--name', '  ']);
    expect(blank.code).toBe(2);
    expect(blank.stderr).toContain('--name: must not be empty');
    expect(sent()).toEqual([]);
  });

  it('names the client that already has the email (exit 1)', async () => {
    const result = await home.run(['client', 'add', '--name', 'Ann Again', '--email', 'ANN@example.com']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: Client Ann Lee \([0-9a-f]{8}\) already has the email ANN@example.com\.$/m);
    expect(result.stderr).toMatch(/^hint: .*`practice client update [0-9a-f]{8}`/m);
    expect(result.stderr).not.toContain('clients_email_key');
  });
});

describe('client show', () => {
  it('shows a client by name with the last visits (service, price), the visits to come, and notes', async () => {
    const gus = await seed('clients', { name: 'Gus Hale', phone: '555-0177' });
    const massage = await seed('service_menu', { name: 'Deep tissue 李', duration: 60, price: 45 });
    const done = await seed('appointments', { client_id: gus.id, service_id: massage.id, date: '2025-03-04', start_time: '10:00', end_time: '11:00', status: 'completed' });
    await seed('appointments', { client_id: gus.id, date: '2025-03-11', start_time: '10:00', end_time: '11:00', status: 'cancelled' });
    const next = await seed('appointments', { client_id: gus.id, service_id: massage.id, date: '2031-01-07', start_time: '09:00', end_time: '10:00' });
    // A request from the booking page, waiting for the therapist's answer: coming too.
    const asked = await seed('appointments', { client_id: gus.id, date: '2031-01-08', start_time: '09:00', end_time: '10:00', status: 'requested' });
    await seed('sessions', { client_id: gus.id, appointment_id: done.id, subjective: 'Stiff neck\nfor a week' });
    server.received.length = 0;
    const result = await home.run(['client', 'show', 'gus']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Gus Hale');
    expect(result.stdout).toContain('phone:  555-0177');
    expect(result.stdout).toContain(`Last visits\n  2025-03-04 10:00-11:00  Deep tissue 李  45.00  ${done.id.slice(0, 8)}\n`);
    expect(result.stdout).toContain(`Upcoming\n  2031-01-07 09:00-10:00  Deep tissue 李  scheduled  ${next.id.slice(0, 8)}\n`);
    expect(result.stdout).toMatch(new RegExp(`\n  2031-01-08 09:00-10:00 .* requested  ${asked.id.slice(0, 8)}\n`));
    expect(result.stdout).not.toContain('2025-03-11');
    expect(result.stdout).toContain('unsigned');
    expect(result.stdout).toContain('S: Stiff neck');
    const reads = sent().filter((line) => line.startsWith('GET /clients?select='));
    expect(reads).toHaveLength(1);
    expect(reads[0]).toContain('last_visits.status=eq.completed&last_visits.order=date.desc,start_time.desc&last_visits.limit=5');
    expect(reads[0]).toMatch(/upcoming\.status=in\.\(requested,scheduled,confirmed\)&upcoming\.date=gte\.\d{4}-\d{2}-\d{2}&upcoming\.order=date\.asc,start_time\.asc/);

    const json = JSON.parse((await home.run(['client', 'show', gus.id.slice(0, 8), '--json'])).stdout);
    expect(json).toMatchObject({
      id: gus.id, name: 'Gus Hale',
      last_visits: [{ id: done.id, price: 45, service: { name: 'Deep tissue 李' } }],
      upcoming: [{ id: next.id, service: { name: 'Deep tissue 李' } }, { id: asked.id, status: 'requested', service: null }],
      session_notes: [{ subjective: 'Stiff neck\nfor a week' }],
    });
  });

  it('takes --format like appt show: the client as client list prints it', async () => {
    const ida = await seed('clients', { name: 'Ida Format', phone: '555-0111' });
    const csv = await home.run(['client', 'show', ida.id, '--format', 'csv']);
    expect(csv).toMatchObject({ code: 0, stdout: `id,name,phone,email,status,total_visits\r\n${ida.id},Ida Format,555-0111,,active,0\r\n` });
    const ndjson = await home.run(['client', 'show', ida.id, '--format', 'ndjson']);
    expect(ndjson.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(JSON.parse(ndjson.stdout)).toMatchObject({ id: ida.id, name: 'Ida Format', last_visits: [], upcoming: [] });
  });

  it('lists the ids an ambiguous id prefix matches, and says to use a longer prefix (exit 2)', async () => {
    const ids = ['abcd1234-0000-4000-8000-000000000001', 'abcd1234-0000-4000-8000-000000000002'];
    for (const [index, id] of ids.entries()) await seed('clients', { id, name: `Prefix Twin ${index}` });
    const result = await home.run(['client', 'show', 'abcd1234']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`abcd1234 matches 2 client ids: ${ids.join(', ')}`);
    expect(result.stderr).toContain('hint: Use a longer prefix: one of the client ids listed.');
  });

  it('lists the candidates when a name matches several clients (exit 2); no match is not found (exit 1)', async () => {
    const result = await home.run(['client', 'show', 'an']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Ann Lee');
    expect(result.stderr).toContain('Anna Berg');
    const none = await home.run(['client', 'show', 'Zed']);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain("no client matches 'Zed'");
  });
});

describe('client update, archive and delete', () => {
  it('updates the fields given, by id=eq', async () => {
    const ida = await seed('clients', { name: 'Ida Jones' });
    server.received.length = 0;
    const result = await home.run(['client', 'update', ida.id, '--phone', '555-0199', '--email', 'ida@example.com']);
    expect(result.code).toBe(0);
    expect(sent()).toEqual([`GET /clients?id=eq.${ida.id}&select=id,name`, `PATCH /clients?id=eq.${ida.id}`]);
    const [stored] = (await (await server.request(`/clients?id=eq.${ida.id}`, { headers })).json()) as any[];
    expect(stored).toMatchObject({ phone: '555-0199', email: 'ida@example.com' });
  });

  it('refuses no change, a bad email or a bad status before sending (exit 2)', async () => {
    for (const [args, message] of [[[], 'nothing to update'], [['--email', 'x@'], '--email'], [['--status', 'gone'], '--status']] as const) {
      const result = await home.run(['client', 'update', 'Ann Lee', ...args]);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain(message);
    }
    expect(sent()).toEqual([]);
  });

  it('archives only with --yes when not at a terminal', async () => {
    const kim = await seed('clients', { name: 'Kim Lowe' });
    server.received.length = 0;
    const refused = await home.run(['client', 'archive', 'Kim Lowe']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Pass --yes');
    expect(sent()).toEqual([]);
    const archived = await home.run(['client', 'archive', 'Kim Lowe', '--yes']);
    expect(archived.code).toBe(0);
    expect(archived.stderr).toContain(`Archived client Kim Lowe (${kim.id.slice(0, 8)})`);
    // The write, then one read of the bookings ahead the archive strands (none here).
    expect(sent().slice(-2)).toEqual([`PATCH /clients?id=eq.${kim.id}`, expect.stringMatching(new RegExp(`^GET /appointments\\?client_id=eq\\.${kim.id}&date=gte\\.`))]);
    const [stored] = (await (await server.request(`/clients?id=eq.${kim.id}`, { headers })).json()) as any[];
    expect(stored.status).toBe('inactive');
  });

  it("deletes a client without history; the server's refusal and hint otherwise", async () => {
    const lea = await seed('clients', { name: 'Lea Moss' });
    await seed('sessions', { client_id: lea.id, plan: 'Rest' });
    const refused = await home.run(['client', 'delete', lea.id, '--yes']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^error: Cannot delete client Lea Moss/);
    expect(refused.stderr).toContain(`hint: Archive the client instead; their history stays: \`practice client archive ${lea.id.slice(0, 8)}\`.`);
    const max = await seed('clients', { name: 'Max Noor' });
    const deleted = await home.run(['client', 'delete', max.id.slice(0, 8), '--yes']);
    expect(deleted.code).toBe(0);
    expect(await (await server.request(`/clients?id=eq.${max.id}`, { headers })).json()).toEqual([]);
  });
});
