import { describe, expect, it } from 'vitest';
import {
  BACKUP_TABLES,
  BackupFormatError,
  importOrder,
  readBackup,
  trailHead,
  writeBackup,
  type Backup,
  type BackupInput,
  type BackupTables,
  type AuditTrailRow,
} from '../../src/formats/backup.js';
import { chunk } from '../../src/formats/insert-batches.js';
import { InvalidInputError } from '../../src/model/errors.js';

const THERAPIST = '0c9d8e7f-6a5b-4c3d-9e2f-1a0b9c8d7e6f';
const NOW = new Date('2026-11-23T18:00:00.000Z');
const EXPORTED_AT = '2026-11-23T18:00:00.000Z';
const AT = '2026-11-01T09:15:00.123456+00:00';
const LATER = '2026-11-02T10:00:00+00:00';
const LAST = '2026-11-02T11:30:00+00:00';

const ids = {
  ann: '10000000-0000-4000-8000-000000000001',
  bob: '10000000-0000-4000-8000-000000000002',
  swedish: '20000000-0000-4000-8000-000000000001',
  monday: '30000000-0000-4000-8000-000000000001',
  visit1: '40000000-0000-4000-8000-000000000001',
  visit2: '40000000-0000-4000-8000-000000000002',
  visit3: '40000000-0000-4000-8000-000000000003',
  series: '45000000-0000-4000-8000-000000000001',
  note: '50000000-0000-4000-8000-000000000001',
  amendment: '50000000-0000-4000-8000-000000000002',
  amendment2: '50000000-0000-4000-8000-000000000003',
  expense: '60000000-0000-4000-8000-000000000001',
  message: '70000000-0000-4000-8000-000000000001',
  holidays: '80000000-0000-4000-8000-000000000001',
  reminded: '90000000-0000-4000-8000-000000000001',
  moved: '90000000-0000-4000-8000-000000000002',
  setting: 'a0000000-0000-4000-8000-000000000001',
  fivePack: 'b0000000-0000-4000-8000-000000000001',
  paid: 'c0000000-0000-4000-8000-000000000001',
  request: 'd0000000-0000-4000-8000-000000000001',
  refunded: 'c0000000-0000-4000-8000-000000000002',
  invoice: 'd0000000-0000-4000-8000-000000000001',
  reissued: 'd0000000-0000-4000-8000-000000000002',
  creditNote: 'd0000000-0000-4000-8000-000000000003',
};

const owned = { therapist_id: THERAPIST, created_at: AT, updated_at: LATER };

/** Rows as the service returns them, therapist_id included. */
function serviceRows() {
  return {
    clients: [
      { id: ids.ann, ...owned, name: 'Ann "Annie" Lee', phone: '+49 30 1234', email: 'ann@example.com', notes: 'Zoë 🙂\nline 2', status: 'active' as const, total_visits: 5, diagnosis_codes: ['M54.5'], erased_at: null },
      { id: ids.bob, ...owned, name: 'Bob', phone: null, email: null, notes: null, status: 'inactive' as const, total_visits: 0, diagnosis_codes: [], erased_at: null },
    ],
    service_menu: [
      { id: ids.swedish, ...owned, name: 'Swedish 60', duration: 60, price: 80.5, description: null, buffer_minutes: 15, active: true, tax_rate: 19, billing_code: '97124' },
    ],
    business_hours: [{ id: ids.monday, ...owned, day_of_week: 'monday' as const, open_time: '09:00', close_time: '17:00' }],
    appointments: [
      { id: ids.visit1, ...owned, date: '2026-11-02', start_time: '09:00', end_time: '10:00', client_id: ids.ann, status: 'completed' as const, client_name: 'Ann "Annie" Lee', service_id: ids.swedish, notes: null, price: 80.5, buffer_minutes: 15, series_id: ids.series, recurrence: 'DTSTART;TZID=Europe/Berlin:20261102T090000\nRRULE:FREQ=WEEKLY;COUNT=2', request_answer: null },
      { id: ids.visit2, ...owned, date: '2026-11-09', start_time: '09:00', end_time: '10:00', client_id: ids.ann, status: 'completed' as const, client_name: 'Ann "Annie" Lee', service_id: ids.swedish, notes: 'a, b; c', price: 70, buffer_minutes: 0, series_id: ids.series, recurrence: 'DTSTART;TZID=Europe/Berlin:20261102T090000\nRRULE:FREQ=WEEKLY;COUNT=2', request_answer: null },
      { id: ids.visit3, ...owned, date: '2026-11-30', start_time: '14:00', end_time: '15:00', client_id: ids.bob, status: 'scheduled' as const, client_name: 'Bob', service_id: null, notes: null, price: null, buffer_minutes: 0, series_id: null, recurrence: null, request_answer: 'accepted' as const },
    ],
    sessions: [
      // In the file before the notes they amend: the import puts them after.
      { id: ids.amendment2, ...owned, client_id: ids.ann, appointment_id: ids.visit1, subjective: null, objective: null, assessment: null, plan: 'second amendment', signed_at: null, amends_id: ids.amendment },
      { id: ids.amendment, ...owned, client_id: ids.ann, appointment_id: ids.visit1, subjective: null, objective: null, assessment: 'corrected', plan: null, signed_at: LATER, amends_id: ids.note },
      { id: ids.note, ...owned, client_id: ids.ann, appointment_id: ids.visit1, subjective: 'sore neck', objective: 'tight trapezius', assessment: 'strain', plan: 'heat', signed_at: AT, amends_id: null },
    ],
    expenses: [{ id: ids.expense, ...owned, date: '2026-11-03', amount: 12.5, category: 'linens', description: 'towels', vendor: null }],
    conversation_log: [{ id: ids.message, therapist_id: THERAPIST, created_at: AT, client_id: ids.ann, role: 'client' as const, message: 'See you Monday!', channel: 'sms' as const }],
    closures: [{ id: ids.holidays, ...owned, starts_at: '2026-12-24T00:00:00', ends_at: '2026-12-27T00:00:00', reason: 'holidays' }],
    reminders: [
      // A change notice before the reminder it follows: the import puts it after.
      { id: ids.moved, ...owned, appointment_id: ids.visit3, client_id: ids.bob, channel: 'sms', message: 'Moved to 14:00', state: 'sent' as const, error: null, message_id: null, kind: 'changed' as const, announced_date: '2026-11-30', announced_start: '14:00', follows_id: ids.reminded },
      { id: ids.reminded, ...owned, appointment_id: ids.visit3, client_id: ids.bob, channel: 'sms', message: 'See you at 13:00', state: 'sent' as const, error: null, message_id: null, kind: 'reminder' as const, announced_date: '2026-11-30', announced_start: '13:00', follows_id: null },
    ],
    practice_settings: [{ id: ids.setting, ...owned, key: 'practice_name', value: 'Praxis Lee' }],
    booking_requests: [{
      id: ids.request, therapist_id: THERAPIST, created_at: AT, appointment_id: ids.visit3, client_id: ids.bob, email: 'bob@example.com',
      answers: [{ id: 'first', label: 'First visit?', type: 'yes_no', answer: true }], consent_version: 2, consent_text: 'I agree.', consented_at: AT,
    }],
    packages: [{ id: ids.fivePack, therapist_id: THERAPIST, created_at: AT, client_id: ids.ann, service_id: ids.swedish, visits: 5, price: 400, sold_on: '2026-11-01', expires_on: null, note: null }],
    payments: [
      // A refund before the payment it reverses: the import puts it after.
      { id: ids.refunded, therapist_id: THERAPIST, created_at: LATER, kind: 'refund' as const, client_id: ids.ann, appointment_id: null, package_id: null, reverses_id: ids.paid, amount: 10, method: 'card', paid_at: LATER, reference: null, note: 'overcharged' },
      { id: ids.paid, therapist_id: THERAPIST, created_at: AT, kind: 'payment' as const, client_id: ids.ann, appointment_id: ids.visit2, package_id: null, reverses_id: null, amount: 80, method: 'card', paid_at: AT, reference: 'R-1', note: null },
    ],
    invoices: [
      // A credit note and the invoice issued after it before the invoice they follow: the import puts them in the order issued.
      { id: ids.creditNote, therapist_id: THERAPIST, created_at: LATER, kind: 'credit' as const, number: 'CN-2026-0001', client_id: ids.ann, credits_id: ids.invoice, issued_on: '2026-11-30', superbill: false, lines: [{ date: '2026-11-09', service: 'Swedish 60', gross: -70, tax_rate: 19 }], issuer: { practice_name: 'Praxis Lee' }, bill_to: { name: 'Ann "Annie" Lee' }, note: 'wrong visit' },
      { id: ids.reissued, therapist_id: THERAPIST, created_at: LAST, kind: 'invoice' as const, number: 'INV-2026-0002', client_id: ids.ann, credits_id: null, issued_on: '2026-11-30', superbill: true, lines: [{ date: '2026-11-09', service: 'Swedish 60', gross: 70, tax_rate: 19 }], issuer: { practice_name: 'Praxis Lee' }, bill_to: { name: 'Ann "Annie" Lee', diagnosis_codes: ['M54.5'] }, note: null },
      { id: ids.invoice, therapist_id: THERAPIST, created_at: AT, kind: 'invoice' as const, number: 'INV-2026-0001', client_id: ids.ann, credits_id: null, issued_on: '2026-11-30', superbill: false, lines: [{ date: '2026-11-09', service: 'Swedish 60', gross: 70, tax_rate: 19 }], issuer: { practice_name: 'Praxis Lee' }, bill_to: { name: 'Ann "Annie" Lee' }, note: null },
    ],
  } satisfies BackupInput['tables'];
}

function withoutOwner(tables: BackupInput['tables']): BackupTables {
  return Object.fromEntries(
    BACKUP_TABLES.map((table) => [table, tables[table].map(({ therapist_id: _owner, ...row }: { therapist_id?: unknown }) => row)]),
  ) as unknown as BackupTables;
}

function write(tables: BackupInput['tables'] = serviceRows(), sourceUrl = 'https://practice.example/rest/v1') {
  return writeBackup({ tables, sourceUrl, now: NOW });
}

function emptyTables(): BackupInput['tables'] {
  return {
    practice_settings: [], clients: [], service_menu: [], business_hours: [], closures: [], packages: [], appointments: [], payments: [],
    sessions: [], expenses: [], conversation_log: [], reminders: [], booking_requests: [], invoices: [],
  };
}

/** A valid document as an object, to break one piece of in a test. */
function documentWith(change: (document: Record<string, any>) => void): string {
  const document = JSON.parse(write());
  change(document);
  return JSON.stringify(document);
}

/** A file of a practice before appointments kept their price and buffer. */
function olderFile(): string {
  return documentWith((document) => {
    document.tables.appointments = document.tables.appointments.map(
      ({ price: _price, buffer_minutes: _buffer, ...appointment }: Record<string, unknown>) => appointment,
    );
  });
}

function problemsOf(text: string): readonly string[] {
  try {
    readBackup(text);
  } catch (error) {
    if (error instanceof BackupFormatError) return error.problems;
    throw error;
  }
  throw new Error('expected the backup to be refused');
}

/** A linked trail of `length` rows of the owner's practice (the hashes only chained, not computed). */
function auditTrail(length: number): AuditTrailRow[] {
  const hash = (id: number) => id === 0 ? '0'.repeat(64) : String(id).repeat(64).slice(0, 64);
  return Array.from({ length }, (_, i) => ({
    id: i + 1, therapist_id: THERAPIST, at: AT, actor: THERAPIST, actor_role: 'authenticated', via: 'cli', client_info: 'practice-cli/1.0.0',
    table_name: 'clients', row_id: ids.ann, client_id: ids.ann, action: 'insert', changes: { name: { new: 'Ann' } }, prev_hash: hash(i), hash: hash(i + 1),
  }));
}

describe('writeBackup', () => {
  it('writes one JSON document, a row a line, without therapist_id', () => {
    const tables = emptyTables();
    tables.clients = [serviceRows().clients[1]!];
    tables.expenses = serviceRows().expenses;
    expect(write(tables)).toBe(
      [
        '{',
        '  "format": "practice-export",',
        '  "version": 1,',
        `  "exported_at": "${EXPORTED_AT}",`,
        '  "source": { "url": "https://practice.example/rest/v1" },',
        '  "tables": {',
        '    "clients": [',
        `      {"id":"${ids.bob}","created_at":"${AT}","updated_at":"${LATER}","name":"Bob","phone":null,"email":null,"notes":null,"status":"inactive","total_visits":0,"diagnosis_codes":[],"erased_at":null}`,
        '    ],',
        '    "service_menu": [],',
        '    "business_hours": [],',
        '    "closures": [],',
        '    "packages": [],',
        '    "appointments": [],',
        '    "booking_requests": [],',
        '    "payments": [],',
        '    "sessions": [],',
        '    "expenses": [',
        `      {"id":"${ids.expense}","created_at":"${AT}","updated_at":"${LATER}","date":"2026-11-03","amount":12.5,"category":"linens","description":"towels","vendor":null}`,
        '    ],',
        '    "conversation_log": [],',
        '    "reminders": [],',
        '    "practice_settings": [],',
        '    "invoices": []',
        '  },',
        '  "audit_trail": []',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('carries the audit trail as it was written, a row a line, and reads it back linked up', () => {
    const trail = auditTrail(3);
    const text = writeBackup({ tables: serviceRows(), sourceUrl: 'https://practice.example/rest/v1', now: NOW, auditTrail: trail });
    expect(text).toContain(`  "audit_trail": [\n    ${JSON.stringify(trail[0])},\n`);
    expect(readBackup(text).audit_trail).toEqual(trail);
    expect(trailHead(trail)).toEqual({ practice: THERAPIST, rows: 3, first_id: 1, last_id: 3, head: trail[2]!.hash });
    expect(trailHead([])).toBeNull();
  });

  it('refuses a trail that does not link up, naming the row', () => {
    const trail = auditTrail(3);
    trail[2] = { ...trail[2]!, prev_hash: 'f'.repeat(64) };
    const text = writeBackup({ tables: serviceRows(), sourceUrl: 'https://practice.example/rest/v1', now: NOW, auditTrail: trail });
    expect(problemsOf(text)).toEqual([expect.stringMatching(/^audit_trail\[2\] \(id 3\): does not follow the row before it/)]);
    const gap = auditTrail(3).filter((row) => row.id !== 2);
    expect(problemsOf(writeBackup({ tables: serviceRows(), sourceUrl: 'https://practice.example/rest/v1', now: NOW, auditTrail: gap }))).toHaveLength(1);
  });

  it('writes every table, in import order, even when empty', () => {
    expect(Object.keys(JSON.parse(write(emptyTables())).tables)).toEqual([...BACKUP_TABLES]);
  });

  it('never writes a therapist_id', () => {
    expect(write()).not.toContain('therapist_id');
    expect(write()).not.toContain(THERAPIST);
  });

  it.each([
    { url: 'https://practice.example/rest/v1', written: 'https://practice.example/rest/v1' },
    { url: 'http://127.0.0.1:54321/rest/v1', written: 'http://127.0.0.1:54321/rest/v1' },
    { url: 'https://user:secret@practice.example/rest/v1', written: 'https://practice.example/rest/v1' },
  ])('writes the source $url as $written', ({ url, written }) => {
    expect(JSON.parse(write(emptyTables(), url)).source).toEqual({ url: written });
  });

  it('refuses a source that is not a URL', () => {
    expect(() => write(emptyTables(), 'practice.example')).toThrow(
      new InvalidInputError("expected the source as a URL like https://example.supabase.co/rest/v1; got 'practice.example'"),
    );
  });
});

describe('a round trip through writeBackup and readBackup', () => {
  it('gives back every table, every row and every field, without therapist_id', () => {
    const backup = readBackup(write());
    expect(backup).toEqual({
      format: 'practice-export',
      version: 1,
      exported_at: EXPORTED_AT,
      source: { url: 'https://practice.example/rest/v1' },
      tables: withoutOwner(serviceRows()),
      audit_trail: [],
    });
  });

  it('gives back empty tables', () => {
    expect(readBackup(write(emptyTables())).tables).toEqual(withoutOwner(emptyTables()));
  });

  it('is stable: a backup written from what was read is the same text', () => {
    const text = write();
    expect(writeBackup({ tables: readBackup(text).tables, sourceUrl: 'https://practice.example/rest/v1', now: NOW })).toBe(text);
  });
});

describe('readBackup', () => {
  it('reads a file with a byte order mark', () => {
    expect(readBackup(`\uFEFF${write()}`).tables.clients).toHaveLength(2);
  });

  it('ignores a therapist_id and unknown fields in rows, and unknown top-level fields', () => {
    const text = documentWith((document) => {
      document.tables.clients[0].therapist_id = THERAPIST;
      document.tables.clients[0].loyalty = 'gold';
      document.comment = 'made by hand';
    });
    const backup = readBackup(text);
    expect(backup.tables.clients[0]).not.toHaveProperty('therapist_id');
    expect(backup.tables.clients[0]).not.toHaveProperty('loyalty');
    expect(backup).not.toHaveProperty('comment');
  });

  it('reads rows of a backend that returns less, with the defaults of the records', () => {
    const text = documentWith((document) => {
      document.tables.clients = [{ id: ids.ann, name: 'Ann' }, { id: ids.bob, name: 'Bob' }];
      document.tables.appointments = document.tables.appointments.map((appointment: Record<string, unknown>) => ({
        ...appointment, start_time: `${appointment.start_time}:00`, end_time: `${appointment.end_time}:00`,
      }));
    });
    const backup = readBackup(text);
    expect(backup.tables.clients[0]).toEqual({
      id: ids.ann, created_at: null, updated_at: null, name: 'Ann', phone: null, email: null, notes: null, status: 'active', total_visits: 0, diagnosis_codes: [], erased_at: null,
    });
    expect(backup.tables.appointments[0]).toMatchObject({ start_time: '09:00', end_time: '10:00' });
  });

  it('reads appointments of an older file without price and buffer_minutes as null and 0', () => {
    const appointments = readBackup(olderFile()).tables.appointments;
    expect(appointments.map(({ price, buffer_minutes }) => ({ price, buffer_minutes }))).toEqual([
      { price: null, buffer_minutes: 0 }, { price: null, buffer_minutes: 0 }, { price: null, buffer_minutes: 0 },
    ]);
  });

  it.each<{ name: string; text: string; problems: string[] }>([
    { name: 'text that is not JSON', text: '{"format": "practice-export",', problems: [expect.stringMatching(/^the file is not JSON \(.+\)$/) as unknown as string] },
    { name: 'a JSON array', text: '[]', problems: ['the file is not a JSON object with "format": "practice-export"'] },
    { name: 'JSON null', text: 'null', problems: ['the file is not a JSON object with "format": "practice-export"'] },
    { name: 'a missing format', text: documentWith((d) => delete d.format), problems: ['"format" is missing, not "practice-export": this is not a practice export'] },
    { name: 'another format', text: documentWith((d) => (d.format = 'supabase-dump')), problems: ['"format" is "supabase-dump", not "practice-export": this is not a practice export'] },
    {
      name: 'a newer version',
      text: documentWith((d) => (d.version = 2)),
      problems: ['"version" is 2: the file was written by a newer practice, and this one reads version 1; upgrade practice to import it'],
    },
    { name: 'version 0', text: documentWith((d) => (d.version = 0)), problems: ['"version" is 0; expected 1'] },
    { name: 'a version as text', text: documentWith((d) => (d.version = '1')), problems: ['"version" is "1"; expected 1'] },
    { name: 'a missing version', text: documentWith((d) => delete d.version), problems: ['"version" is missing; expected 1'] },
    { name: 'a malformed exported_at', text: documentWith((d) => (d.exported_at = 'yesterday')), problems: ['exported_at: Invalid ISO datetime'] },
    { name: 'a missing source', text: documentWith((d) => delete d.source), problems: ['source: Invalid input: expected object, received undefined'] },
    { name: 'a missing table', text: documentWith((d) => delete d.tables.expenses), problems: ['tables.expenses: Invalid input: expected array, received undefined'] },
    { name: 'an unknown table', text: documentWith((d) => (d.tables.widgets = [])), problems: ['tables: Unrecognized key: "widgets"'] },
    { name: 'a table that is not a list', text: documentWith((d) => (d.tables.clients = {})), problems: ['tables.clients: Invalid input: expected array, received object'] },
    {
      name: 'a row without an id',
      text: documentWith((d) => delete d.tables.service_menu[0].id),
      problems: ['tables.service_menu[0].id: Invalid input: expected string, received undefined'],
    },
    {
      name: 'a malformed date, placed by the row id',
      text: documentWith((d) => (d.tables.appointments[1].date = '2026-13-01')),
      problems: [`tables.appointments[1] (id ${ids.visit2}).date: Invalid ISO date`],
    },
    {
      name: 'an unknown status',
      text: documentWith((d) => (d.tables.appointments[0].status = 'done')),
      problems: [`tables.appointments[0] (id ${ids.visit1}).status: Invalid option: expected one of "requested"|"scheduled"|"confirmed"|"completed"|"cancelled"|"no_show"`],
    },
    {
      name: 'a row that is not an object',
      text: documentWith((d) => (d.tables.expenses[0] = 'towels')),
      problems: ['tables.expenses[0]: Invalid input: expected object, received string'],
    },
    {
      name: 'an id used twice in a table',
      text: documentWith((d) => d.tables.clients.push({ ...d.tables.clients[0], name: 'Ann again' })),
      problems: [`tables.clients[2] (id ${ids.ann}): the same id as tables.clients[0]`],
    },
    {
      name: 'an appointment of a client not in the file',
      text: documentWith((d) => (d.tables.appointments[2].client_id = ids.swedish)),
      problems: [`tables.appointments[2] (id ${ids.visit3}).client_id: ${ids.swedish} is not the id of a row in tables.clients`],
    },
    {
      name: 'an appointment of a service not in the file',
      text: documentWith((d) => (d.tables.appointments[0].service_id = ids.monday)),
      problems: [`tables.appointments[0] (id ${ids.visit1}).service_id: ${ids.monday} is not the id of a row in tables.service_menu`],
    },
    {
      name: 'a note of a client not in the file',
      text: documentWith((d) => (d.tables.sessions[2].client_id = ids.expense)),
      problems: [`tables.sessions[2] (id ${ids.note}).client_id: ${ids.expense} is not the id of a row in tables.clients`],
    },
    {
      name: 'a note about an appointment not in the file',
      text: documentWith((d) => (d.tables.sessions[2].appointment_id = ids.message)),
      problems: [`tables.sessions[2] (id ${ids.note}).appointment_id: ${ids.message} is not the id of a row in tables.appointments`],
    },
    {
      name: 'an amendment of a note not in the file',
      text: documentWith((d) => (d.tables.sessions[1].amends_id = ids.visit1)),
      problems: [`tables.sessions[1] (id ${ids.amendment}).amends_id: ${ids.visit1} is not the id of a row in tables.sessions`],
    },
    {
      name: 'a message of a client not in the file',
      text: documentWith((d) => (d.tables.conversation_log[0].client_id = ids.visit1)),
      problems: [`tables.conversation_log[0] (id ${ids.message}).client_id: ${ids.visit1} is not the id of a row in tables.clients`],
    },
    {
      name: 'notes that amend each other in a circle',
      text: documentWith((d) => (d.tables.sessions[2].amends_id = ids.amendment2)),
      problems: [0, 1, 2].map((index) => `tables.sessions[${index}] (id ${[ids.amendment2, ids.amendment, ids.note][index]}).amends_id: the note amends itself through a chain of amendments`),
    },
  ])('refuses $name', ({ text, problems }) => {
    expect(problemsOf(text)).toEqual(problems);
  });

  it('says what is wrong in its message, and is an input error (exit 2, nothing sent)', () => {
    const text = documentWith((d) => (d.version = 2));
    expect(() => readBackup(text)).toThrow(InvalidInputError);
    expect(() => readBackup(text)).toThrow(
      'not a practice export this version can import:\n  "version" is 2: the file was written by a newer practice, and this one reads version 1; upgrade practice to import it',
    );
  });

  it('lists the first 20 problems in its message and counts the rest', () => {
    const text = documentWith((d) => {
      d.tables.expenses = Array.from({ length: 25 }, (_, index) => ({ id: `e${index}`, date: '2026-11-03', amount: 1, category: 'fees' }));
    });
    const problems = problemsOf(text);
    expect(problems).toHaveLength(25);
    let message = '';
    try {
      readBackup(text);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.split('\n')).toHaveLength(1 + 20 + 1);
    expect(message.endsWith('\n  ...and 5 more')).toBe(true);
  });
});

describe('importOrder', () => {
  const backup: Backup = readBackup(write());

  it('inserts the tables in foreign-key order', () => {
    expect(importOrder(backup).map((step) => step.table)).toEqual([
      'clients', 'service_menu', 'business_hours', 'closures', 'packages', 'appointments', 'booking_requests', 'payments', 'sessions',
      'expenses', 'conversation_log', 'reminders', 'practice_settings', 'invoices',
    ]);
  });

  it('puts invoices and credit notes in the order issued, each series in number order, so each gets its number again', () => {
    const invoices = importOrder(backup).find((step) => step.table === 'invoices')!;
    expect(invoices.rows.map((row) => row.id)).toEqual([ids.invoice, ids.creditNote, ids.reissued]);
  });

  it('puts each refund or void after the payment it reverses', () => {
    const payments = importOrder(backup).find((step) => step.table === 'payments')!;
    expect(payments.rows.map((row) => row.id)).toEqual([ids.paid, ids.refunded]);
  });

  it('reads a file written before settings and money travelled as having none', () => {
    const older = readBackup(documentWith((d) => {
      delete d.tables.practice_settings;
      delete d.tables.packages;
      delete d.tables.payments;
    }));
    expect([older.tables.practice_settings, older.tables.packages, older.tables.payments]).toEqual([[], [], []]);
  });

  it('refuses a payment whose reversed entry is not in the file', () => {
    expect(() => readBackup(documentWith((d) => {
      d.tables.payments = d.tables.payments.filter((row: { id: string }) => row.id !== ids.paid);
    }))).toThrow(`(id ${ids.refunded}).reverses_id: ${ids.paid} is not the id of a row in tables.payments`);
  });

  it('puts each reminder notice after the message it follows', () => {
    const reminders = importOrder(backup).find((step) => step.table === 'reminders')!;
    expect(reminders.rows.map((row) => row.id)).toEqual([ids.reminded, ids.moved]);
  });

  it('reads a file written before time off and reminders travelled as having neither', () => {
    const older = readBackup(documentWith((d) => {
      delete d.tables.closures;
      delete d.tables.reminders;
    }));
    expect([older.tables.closures, older.tables.reminders]).toEqual([[], []]);
  });

  it('puts each note after the note it amends, keeping the file order otherwise', () => {
    const sessions = importOrder(backup).find((step) => step.table === 'sessions')!;
    expect(sessions.rows.map((row) => row.id)).toEqual([ids.note, ids.amendment, ids.amendment2]);
  });

  it("lowers a client's total_visits by the completed appointments the service will count again", () => {
    const clients = importOrder(backup).find((step) => step.table === 'clients')!;
    // Ann: 5 visits, 2 of them completed appointments in the file; Bob: none completed.
    expect(clients.rows.map((row) => [row.id, (row as { total_visits: number }).total_visits])).toEqual([[ids.ann, 3], [ids.bob, 0]]);
  });

  it('sends an older file\'s appointments with price null, for the service to fill, and buffer 0', () => {
    const older = readBackup(olderFile());
    const appointments = importOrder(older).find((step) => step.table === 'appointments')!.rows;
    for (const row of appointments) expect(row).toMatchObject({ price: null, buffer_minutes: 0 });
  });

  it('never lowers total_visits below 0', () => {
    const low = readBackup(documentWith((d) => (d.tables.clients[0].total_visits = 1)));
    const clients = importOrder(low).find((step) => step.table === 'clients')!;
    expect((clients.rows[0] as { total_visits: number }).total_visits).toBe(0);
  });

  it('keeps every other field of every row, and adds no therapist_id', () => {
    const steps = importOrder(backup);
    const expected = withoutOwner(serviceRows());
    for (const step of steps) {
      const rows = [...step.rows].sort((a, b) => a.id.localeCompare(b.id)).map((row) => ({ ...row, total_visits: undefined }));
      const want = [...expected[step.table]].sort((a, b) => a.id.localeCompare(b.id)).map((row) => ({ ...row, total_visits: undefined }));
      expect(rows).toEqual(want);
      for (const row of step.rows) expect(row).not.toHaveProperty('therapist_id');
    }
  });

  it('fills timestamps a backend did not return: created_at with the export time, updated_at with created_at', () => {
    const sparse = readBackup(
      documentWith((d) => {
        for (const table of BACKUP_TABLES) {
          d.tables[table][0].created_at = null;
          delete d.tables[table][0].updated_at;
        }
        d.tables.clients[1].created_at = null;
      }),
    );
    for (const step of importOrder(sparse)) {
      const first = step.rows.find((row) => row.id === sparse.tables[step.table][0]!.id)!;
      expect(first.created_at).toBe(EXPORTED_AT);
      // The log, the money ledger, booking requests and invoices are never updated: they have no updated_at.
      if (!['conversation_log', 'packages', 'payments', 'booking_requests', 'invoices'].includes(step.table)) expect((first as { updated_at: string }).updated_at).toBe(EXPORTED_AT);
    }
    const bob = importOrder(sparse)[0]!.rows[1] as { created_at: string; updated_at: string };
    expect([bob.created_at, bob.updated_at]).toEqual([EXPORTED_AT, LATER]);
  });
});

describe('chunk', () => {
  const rows = Array.from({ length: 7 }, (_, index) => ({ n: index }));

  it.each([
    { size: 1, lengths: [1, 1, 1, 1, 1, 1, 1] },
    { size: 3, lengths: [3, 3, 1] },
    { size: 7, lengths: [7] },
    { size: 1000, lengths: [7] },
  ])('batches of at most $size rows: $lengths', ({ size, lengths }) => {
    const batches = chunk(rows, size);
    expect(batches.map((batch) => batch.length)).toEqual(lengths);
    expect(batches.flat()).toEqual(rows);
  });

  it('gives no batches for no rows', () => {
    expect(chunk([], 100)).toEqual([]);
  });

  it('keeps each batch body within maxBytes of JSON', () => {
    const notes = Array.from({ length: 10 }, (_, index) => ({ id: index, plan: 'é'.repeat(200) }));
    const maxBytes = 1000;
    const batches = chunk(notes, 1000, { maxBytes });
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.flat()).toEqual(notes);
    for (const batch of batches) expect(Buffer.byteLength(JSON.stringify(batch), 'utf8')).toBeLessThanOrEqual(maxBytes);
  });

  it('gives a row larger than maxBytes a batch of its own', () => {
    const big = { plan: 'x'.repeat(500) };
    expect(chunk([{ n: 1 }, big, { n: 2 }], 10, { maxBytes: 100 })).toEqual([[{ n: 1 }], [big], [{ n: 2 }]]);
  });

  it.each([0, -1, 2.5, Number.NaN])('refuses a batch size of %s', (size) => {
    expect(() => chunk(rows, size)).toThrow(RangeError);
  });
});
