// `practice client erase` and `practice retention purge` end to end, against a real server: erasure
// takes the name, contact, free text and messages now, keeps what the retention periods require and
// says until when, refuses a new booking and the old name, and is recorded in the audit trail; the
// purge lists what has passed its period unless --yes, then deletes it (signed notes and the ledger
// and invoices included) and records it; the chain still verifies. `client show` names the last access.
import { describe, expect, it } from 'vitest';
import { signedInCli } from '../helpers/signed-in-cli.js';

const { server, home, me } = await signedInCli();

async function practice(...args: string[]) {
  const result = await home.run(args);
  expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
  return result.stdout.trim();
}

async function post(table: string, body: unknown): Promise<any[]> {
  const result = await home.run(['api', 'POST', table, '--input', '-', '-H', 'Prefer: return=representation'], { input: JSON.stringify(body) });
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

const get = async (path: string) => JSON.parse(await practice('api', 'GET', path));
const later = (years: number) => `${new Date().getUTCFullYear() + years}`;

describe('practice client erase', () => {
  it('takes the name, contact, free text and messages now, keeps what the law asks and says until when', async () => {
    const ann = await practice('client', 'add', '--name', 'Ann Erasable', '--phone', '555-0142', '--email', 'ann@example.com', '--notes', 'Allergic to lavender');
    const [visit] = await post('appointments', { client_id: ann, date: '2024-05-02', start_time: '09:00', end_time: '10:00', status: 'completed', notes: 'Ann prefers mornings' });
    await post('appointments', { client_id: ann, date: `${later(1)}-01-10`, start_time: '09:00', end_time: '10:00' });
    // A request from the booking page, waiting for an answer and holding its slot until one comes.
    const [request] = await post('appointments', { client_id: ann, date: `${later(1)}-01-11`, start_time: '09:00', end_time: '10:00', status: 'requested' });
    await post('sessions', { client_id: ann, appointment_id: visit.id, subjective: 'Sore neck', signed_at: '2024-05-02T10:00:00Z' });
    await post('conversation_log', { client_id: ann, role: 'client', message: 'Hi, this is Ann' });
    await post('payments', { client_id: ann, amount: 80, method: 'cash', paid_at: '2024-05-02T10:05:00Z' });
    // The last financial record: the ledger's period runs from it (migration 22).
    await post('invoices', { client_id: ann, issued_on: '2024-05-10', lines: [{ appointment_id: visit.id, date: '2024-05-02', service: 'Swedish 60', gross: 80, tax_rate: 0 }] });

    const refused = await home.run(['client', 'erase', 'ann erasable']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--yes');

    const report = JSON.parse(await practice('client', 'erase', 'ann erasable', '--yes', '--json'));
    expect(report).toMatchObject({
      client_id: ann, name: `Erased client ${ann.slice(0, 8)}`,
      removed: { name_and_contact: true, messages: 1, appointments_cancelled: 1, requests_declined: 1, appointments_cleared: 3 },
      periods: { clinical_years: 10, financial_years: 10 },
    });
    expect(report.kept).toEqual([
      { records: 'notes', count: 1, until: expect.stringMatching(/^\d{4}-\d\d-\d\d$/), basis: 'clinical' },
      { records: 'appointments', count: 3, until: report.kept[0].until, basis: 'clinical' },
      { records: 'payments', count: 1, until: '2034-05-10', basis: 'financial' },
      { records: 'invoices', count: 1, until: '2034-05-10', basis: 'financial' },
    ]);

    const [client] = await get(`clients?id=eq.${ann}&select=name,phone,email,notes,status,search_name,erased_at`);
    expect(client).toMatchObject({ name: report.name, phone: null, email: null, notes: null, status: 'inactive', search_name: `erased client ${ann.slice(0, 8)}` });
    expect(client.erased_at).not.toBeNull();
    expect(await get(`conversation_log?client_id=eq.${ann}`)).toEqual([]);
    expect((await get(`appointments?client_id=eq.${ann}&select=client_name,notes`)).every((a: any) => a.client_name === report.name && a.notes === null)).toBe(true);
    expect(await get(`sessions?client_id=eq.${ann}&select=subjective`)).toEqual([{ subjective: 'Sore neck' }]);
    // The waiting request was declined: it holds its slot no longer, and nobody is asked to answer it.
    expect(await get(`appointments?id=eq.${request.id}&select=status,request_answer,hold_until`)).toEqual([{ status: 'cancelled', request_answer: 'declined', hold_until: null }]);
    const bob = await practice('client', 'add', '--name', 'Bob Slot');
    await post('appointments', { client_id: bob, date: request.date, start_time: '09:00', end_time: '10:00' });

    expect(await practice('client', 'search', 'erasable', '--json')).toBe('[]');
    const booking = await home.run(['api', 'POST', 'appointments', '--input', '-'], { input: JSON.stringify({ client_id: ann, date: `${later(1)}-02-01`, start_time: '09:00', end_time: '10:00' }) });
    expect(booking.code).not.toBe(0);
    expect(booking.stderr).toMatch(/erased .* cannot be booked/);

    const [erasure] = JSON.parse(await practice('audit', '--client', ann, '--table', 'clients', '--limit', '1', '--json'));
    expect(erasure).toMatchObject({ action: 'erase', table_name: 'clients', client_id: ann, via: 'cli', changes: { kept: report.kept } });
    expect(JSON.stringify(erasure.changes)).not.toContain('Erasable');

    // Again: told as a second erasure, naming nothing already gone as going now.
    const again = await home.run(['client', 'erase', ann, '--yes']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(new RegExp(`Erased client ${ann.slice(0, 8)} \\(${ann.slice(0, 8)}\\) was erased on \\d{4}-\\d{2}-\\d{2}, and again now\\.`));
    const text = again.stdout;
    expect(text).toContain('Removed: nothing more.');
    // The service's own answer says so too, to every client (migration 27).
    const answer = JSON.parse(await practice('client', 'erase', ann, '--yes', '--json', 'removed'));
    expect(answer.removed).toMatchObject({ name_and_contact: false, messages: 0, reminders: 0 });
    expect(text).toContain('Kept, as the retention periods require');
    expect(text).toMatch(/payments +1 +until 2034-05-10/);
    expect(text).toMatch(/invoices +1 +until 2034-05-10 +financial records, kept 10 years after the last payment, sale or invoice/);
    expect(await get(`invoices?client_id=eq.${ann}&select=number`)).toHaveLength(1);
  });
});

describe('practice retention purge', () => {
  it('lists what has passed its period unless --yes, then deletes it and records the purge', async () => {
    await practice('settings', 'set', 'clinical_retention_years', '1');
    await practice('settings', 'set', 'financial_retention_years', '2');
    const old = await practice('client', 'add', '--name', 'Olga Oldtimer');
    const [visit] = await post('appointments', { client_id: old, date: '2015-03-02', start_time: '09:00', end_time: '10:00', status: 'completed' });
    await post('sessions', { client_id: old, appointment_id: visit.id, subjective: 'Old note', signed_at: '2015-03-02T10:00:00Z', created_at: '2015-03-02T10:00:00Z' });
    await post('payments', { client_id: old, appointment_id: visit.id, amount: 60, method: 'card', paid_at: '2015-03-02T10:05:00Z' });
    await post('invoices', { client_id: old, issued_on: '2015-03-02', lines: [{ appointment_id: visit.id, date: '2015-03-02', service: 'Swedish 60', gross: 60, tax_rate: 0 }] });
    await post('expenses', { date: '2015-01-05', amount: 12.5, category: 'supplies' });
    const recent = await practice('client', 'add', '--name', 'Rita Recent');
    await post('appointments', { client_id: recent, date: new Date().toISOString().slice(0, 10), start_time: '11:00', end_time: '12:00', status: 'completed' });

    const due = JSON.parse(await practice('retention', 'purge', '--json'));
    expect(due).toEqual(expect.arrayContaining([
      { records: 'payments', client_id: old, count: 1, kept_until: '2017-03-02' },
      { records: 'invoices', client_id: old, count: 1, kept_until: '2017-03-02' },
      { records: 'notes', client_id: old, count: 1, kept_until: '2016-03-02' },
      { records: 'appointments', client_id: old, count: 1, kept_until: '2016-03-02' },
      { records: 'expenses', client_id: null, count: 1, kept_until: '2017-01-05' },
    ]));
    expect(due.some((row: any) => row.client_id === recent)).toBe(false);
    expect(await get(`sessions?client_id=eq.${old}&select=id`)).toHaveLength(1);

    const done = await home.run(['retention', 'purge', '--yes']);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toMatch(new RegExp(`notes\t${old.slice(0, 8)}\t1\t2016-03-02`));
    expect(done.stderr).toMatch(/Deleted \d+ records past their retention period \(clinical 1 year, financial 2 years\)/);
    expect(await get(`sessions?client_id=eq.${old}&select=id`)).toEqual([]);
    expect(await get(`appointments?client_id=eq.${old}&select=id`)).toEqual([]);
    expect(await get(`payments?client_id=eq.${old}&select=id`)).toEqual([]);
    expect(await get(`invoices?client_id=eq.${old}&select=id`)).toEqual([]);
    expect(await get('expenses?date=lt.2016-01-01&select=id')).toEqual([]);
    expect(await get(`appointments?client_id=eq.${recent}&select=id`)).toHaveLength(1);
    const [purge] = JSON.parse(await practice('audit', '--client', old, '--limit', '1', '--json'));
    expect(purge).toMatchObject({ action: 'purge', changes: { purged: { notes: 1, appointments: 1, payments: 1, invoices: 1 } } });
    expect((await home.run(['audit', 'verify'])).code).toBe(0);
    const again = await home.run(['retention', 'purge']);
    expect(again.stdout + again.stderr).toContain('Nothing has passed its retention period');
    await practice('settings', 'unset', 'clinical_retention_years');
    await practice('settings', 'unset', 'financial_retention_years');
  });

  it('removes an erased client of whom nothing is left', async () => {
    const cara = await practice('client', 'add', '--name', 'Cara Clear');
    await post('appointments', { client_id: cara, date: '2015-06-04', start_time: '10:00', end_time: '11:00', status: 'completed' });
    await practice('settings', 'set', 'clinical_retention_years', '1');
    await practice('retention', 'purge', '--yes');
    expect(await get(`clients?id=eq.${cara}&select=id`)).toHaveLength(1);
    await practice('client', 'erase', cara, '--yes');
    const due = JSON.parse(await practice('retention', 'purge', '--json'));
    expect(due.filter((row: any) => row.client_id === cara).map((row: any) => row.records)).toEqual(['erased client']);
    await practice('retention', 'purge', '--yes');
    expect(await get(`clients?id=eq.${cara}&select=id`)).toEqual([]);
    await practice('settings', 'unset', 'clinical_retention_years');
  });

  it('takes the email of a client who booked on the page at erasure, and purges their requests with their visits', async () => {
    const ben = await practice('client', 'add', '--name', 'Ben Booked', '--email', 'ben@example.com');
    const [visit] = await post('appointments', { client_id: ben, date: '2015-06-03', start_time: '10:00', end_time: '11:00', status: 'completed' });
    // As rpc/booking_request keeps it (requests are written by the page's role alone).
    await server.db.query(`insert into public.booking_requests (therapist_id, appointment_id, client_id, email, answers, consent_version, consent_text, consented_at)
      values ($1, $2, $3, 'ben@example.com', '[{"id": "injuries", "label": "Any injuries?", "type": "text", "answer": "Knee"}]', 1, 'I agree.', '2015-06-01T10:00:00Z')`, [me, visit.id, ben]);
    await practice('client', 'erase', ben, '--yes');
    const [kept] = await server.db.query<{ email: string; consent_text: string }>('select email, consent_text from public.booking_requests where client_id = $1', [ben]);
    expect(kept).toEqual({ email: `erased-${ben.slice(0, 8)}`, consent_text: 'I agree.' });

    await practice('settings', 'set', 'clinical_retention_years', '1');
    const due = JSON.parse(await practice('retention', 'purge', '--json'));
    expect(due).toEqual(expect.arrayContaining([{ records: 'booking requests', client_id: ben, count: 1, kept_until: '2016-06-03' }]));
    const done = await home.run(['retention', 'purge', '--yes']);
    expect(done.code, done.stderr).toBe(0);
    expect(await server.db.query('select 1 from public.booking_requests where client_id = $1', [ben])).toEqual([]);
    expect(await get(`appointments?client_id=eq.${ben}&select=id`)).toEqual([]);
    // Nothing refers to the erased client any more: the row itself goes too.
    expect(await get(`clients?id=eq.${ben}&select=id`)).toEqual([]);
    await practice('settings', 'unset', 'clinical_retention_years');
  });

  it('keeps everything of a client whose last visit is past the period but who has booked again, and counts the reminders it deletes', async () => {
    await practice('settings', 'set', 'clinical_retention_years', '1');
    const back = await practice('client', 'add', '--name', 'Bea Backagain');
    const [oldVisit] = await post('appointments', { client_id: back, date: '2015-06-01', start_time: '10:00', end_time: '11:00', status: 'completed' });
    const [booked] = await post('appointments', { client_id: back, date: `${later(1)}-02-03`, start_time: '15:00', end_time: '16:00' });
    await post('reminders', { client_id: back, appointment_id: booked.id, channel: 'sms', message: 'See you soon' });
    const gone = await practice('client', 'add', '--name', 'Gus Gone');
    const [goneVisit] = await post('appointments', { client_id: gone, date: '2015-06-02', start_time: '10:00', end_time: '11:00', status: 'completed' });
    await post('reminders', { client_id: gone, appointment_id: goneVisit.id, channel: 'sms', message: 'See you tomorrow' });

    const due = JSON.parse(await practice('retention', 'purge', '--json'));
    expect(due.some((row: any) => row.client_id === back)).toBe(false);
    expect(due).toEqual(expect.arrayContaining([
      { records: 'reminders', client_id: gone, count: 1, kept_until: '2016-06-02' },
      { records: 'appointments', client_id: gone, count: 1, kept_until: '2016-06-02' },
    ]));

    await practice('retention', 'purge', '--yes');
    expect((await get(`appointments?client_id=eq.${back}&select=id&order=date`)).map((a: any) => a.id)).toEqual([oldVisit.id, booked.id]);
    expect(await get(`reminders?client_id=eq.${back}&select=id`)).toHaveLength(1);
    expect(await get(`reminders?client_id=eq.${gone}&select=id`)).toEqual([]);
    const [purge] = JSON.parse(await practice('audit', '--client', gone, '--limit', '1', '--json'));
    expect(purge).toMatchObject({ action: 'purge', changes: { purged: { reminders: 1, appointments: 1 } } });
    await practice('settings', 'unset', 'clinical_retention_years');
  });
});

describe('practice client show', () => {
  it('names when the client was last accessed and through what, before its own read', async () => {
    const bea = await practice('client', 'add', '--name', 'Bea Shown');
    await post('sessions', { client_id: bea, subjective: 'Knee' });
    const first = JSON.parse(await practice('client', 'show', bea, '--json'));
    expect(first.last_accessed).toMatchObject({ action: 'insert', table_name: 'sessions', via: 'cli' });
    const second = JSON.parse(await practice('client', 'show', bea, '--json', 'last_accessed'));
    expect(second.last_accessed).toMatchObject({ action: 'read', table_name: 'sessions', via: 'cli' });
    expect(await practice('client', 'show', bea)).toMatch(/last accessed: \d{4}-\d\d-\d\d \d\d:\d\d via cli \(read of sessions\)/);
  });
});
