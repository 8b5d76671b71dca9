// The file `practice export` writes and `practice import` reads: every table of a practice, all rows.
// Pure: this module writes and checks the text and plans the inserts; sending them is the command's job.
import * as z from 'zod/mini';
import { InvalidInputError } from '../model/errors.js';
import { BACKUP_TABLES } from '../model/practice-tables.js';
import {
  appointmentSchema,
  businessHoursSchema,
  clientSchema,
  expenseSchema,
  messageSchema,
  serviceSchema,
  sessionNoteSchema,
} from '../model/records.js';

const BACKUP_FORMAT = 'practice-export';
const BACKUP_VERSION = 1;

// The tables of a backup, named where the audit trail's tables are named too.
export { BACKUP_TABLES };

export type BackupTable = (typeof BACKUP_TABLES)[number];

const rowTimes = { created_at: z._default(z.nullable(z.iso.datetime({ offset: true })), null), updated_at: z._default(z.nullable(z.iso.datetime({ offset: true })), null) };
// Local wall-clock time (the practice's zone), as the service returns a timestamp without zone.
const localTimestamp = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/, 'expected a local time like 2026-12-24T00:00:00'));

// Time off (migration 10).
const closureSchema = z.object({ id: z.guid(), ...rowTimes, starts_at: localTimestamp, ends_at: localTimestamp, reason: z._default(z.nullable(z.string()), null) });

// The messages reminder runs sent (migrations 5 and 13): carried so a restored practice does not
// remind twice, nor tell a client again of a change they heard of.
const reminderSchema = z.object({
  id: z.guid(),
  ...rowTimes,
  appointment_id: z.guid(),
  client_id: z.guid(),
  channel: z.string(),
  message: z.string(),
  state: z.enum(['claimed', 'sent', 'failed']),
  error: z._default(z.nullable(z.string()), null),
  message_id: z._default(z.nullable(z.guid()), null),
  kind: z.enum(['reminder', 'changed', 'cancelled', 'requested', 'accepted', 'declined']),
  announced_date: z.iso.date(),
  announced_start: z.string().check(z.regex(/^\d{2}:\d{2}(:\d{2})?$/, 'expected a time as HH:MM')),
  follows_id: z._default(z.nullable(z.guid()), null),
});

// Requests made on the booking page (migration 20): the consent each client agreed to (its exact
// text) and their intake answers, records kept with the client.
const bookingRequestSchema = z.object({
  id: z.guid(),
  created_at: z._default(z.nullable(z.iso.datetime({ offset: true })), null),
  appointment_id: z.guid(),
  client_id: z.guid(),
  email: z.string(),
  answers: z._default(z.array(z.object({ id: z.string(), label: z.string(), type: z.string(), answer: z.union([z.string(), z.boolean()]) })), []),
  consent_version: z._default(z.nullable(z.number()), null),
  consent_text: z._default(z.nullable(z.string()), null),
  consented_at: z._default(z.nullable(z.iso.datetime({ offset: true })), null),
});

// The practice's settings (migration 15): retention periods and the details documents print.
const settingSchema = z.object({ id: z.guid(), ...rowTimes, key: z.string(), value: z.string() });

const createdOnly = { created_at: z._default(z.nullable(z.iso.datetime({ offset: true })), null) };
const optionalText = z._default(z.nullable(z.string()), null);

// Money (migration 16): packages sold and the payments ledger, which is never changed, only added to.
const packageSchema = z.object({
  id: z.guid(),
  ...createdOnly,
  client_id: z.guid(),
  service_id: z.guid(),
  visits: z.number(),
  price: z.number(),
  sold_on: z.iso.date(),
  expires_on: z._default(z.nullable(z.iso.date()), null),
  note: optionalText,
});
const paymentSchema = z.object({
  id: z.guid(),
  ...createdOnly,
  kind: z.enum(['payment', 'refund', 'void']),
  client_id: z.guid(),
  appointment_id: z._default(z.nullable(z.guid()), null),
  package_id: z._default(z.nullable(z.guid()), null),
  reverses_id: z._default(z.nullable(z.guid()), null),
  amount: z.number(),
  method: z.string(),
  paid_at: z.iso.datetime({ offset: true }),
  reference: optionalText,
  note: optionalText,
});

// Invoices and credit notes (migration 17), as issued. The totals and the visits they name are the
// database's to derive again from the lines, and its number must come out the same: imported in
// number order, each is the next of its series and year.
const invoiceSchema = z.object({
  id: z.guid(),
  ...createdOnly,
  kind: z.enum(['invoice', 'credit']),
  number: z.string(),
  client_id: z.guid(),
  credits_id: z._default(z.nullable(z.guid()), null),
  issued_on: z.iso.date(),
  superbill: z.boolean(),
  lines: z.array(z.record(z.string(), z.unknown())),
  issuer: z.record(z.string(), z.unknown()),
  bill_to: z.record(z.string(), z.unknown()),
  note: optionalText,
});

// What migration 17 added to clients and services; files written before it have neither.
const billingFields = {
  clients: { diagnosis_codes: z._default(z.array(z.string()), []) },
  service_menu: { tax_rate: z._default(z.number(), 0), billing_code: optionalText },
};

// The practice's audit trail (migration 15), carried as it was written: its own ids, practice and
// hashes. An import does not write it into the target's chain (no request may write the trail); it
// checks that it links up and records its head there (docs/audit.md, "Backups, exports and imports").
const auditRowSchema = z.object({
  id: z.number(),
  therapist_id: z.guid(),
  at: z.iso.datetime({ offset: true }),
  actor: z.nullable(z.guid()),
  actor_role: z.string(),
  via: z.string(),
  client_info: z.nullable(z.string()),
  table_name: z.string(),
  row_id: z.nullable(z.string()),
  client_id: z.nullable(z.guid()),
  action: z.string(),
  changes: z.nullable(z.record(z.string(), z.unknown())),
  prev_hash: z.string(),
  hash: z.string(),
});

export type AuditTrailRow = z.output<typeof auditRowSchema>;

// A row keeps its id, so references inside the file hold in the target and a re-run finds what it sent.
// therapist_id is left out: the target practice's `auth.uid()` default fills it, so a file can be loaded
// into another practice, and a row can never be sent as someone else's.
const rowSchemas = {
  practice_settings: settingSchema,
  // An erased client (migration 19) stays erased.
  clients: z.extend(z.omit(clientSchema, { therapist_id: true }), { ...billingFields.clients, erased_at: z._default(z.nullable(z.iso.datetime({ offset: true })), null) }),
  service_menu: z.extend(z.omit(serviceSchema, { therapist_id: true }), billingFields.service_menu),
  business_hours: z.omit(businessHoursSchema, { therapist_id: true }),
  closures: closureSchema,
  packages: packageSchema,
  // A requested appointment's hold_until (migration 20) is not carried: restored, it waits for the therapist.
  // The practice's answer to a request (migration 25) is: a declined one stays out of the reports.
  appointments: z.extend(z.omit(appointmentSchema, { therapist_id: true }), { request_answer: z._default(z.nullable(z.enum(['accepted', 'declined'])), null) }),
  booking_requests: bookingRequestSchema,
  payments: paymentSchema,
  sessions: z.omit(sessionNoteSchema, { therapist_id: true }),
  expenses: z.omit(expenseSchema, { therapist_id: true }),
  conversation_log: z.omit(messageSchema, { therapist_id: true }),
  reminders: reminderSchema,
  invoices: invoiceSchema,
} satisfies Record<BackupTable, z.ZodMiniType>;

export type BackupTables = { [K in BackupTable]: z.output<(typeof rowSchemas)[K]>[] };

export interface Backup {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  exported_at: string;
  source: { url: string };
  tables: BackupTables;
  /** The source practice's audit trail, oldest first; [] in files written before it travelled. */
  audit_trail: AuditTrailRow[];
}

/** A file `practice import` cannot load; `problems` lists each one with where it is in the file. */
export class BackupFormatError extends InvalidInputError {
  constructor(readonly problems: readonly string[]) {
    const shown = problems.slice(0, PROBLEMS_SHOWN);
    const more = problems.length - shown.length;
    super(
      `not a practice export this version can import:\n${shown.map((problem) => `  ${problem}`).join('\n')}` +
        (more > 0 ? `\n  ...and ${more} more` : ''),
    );
  }
}

const PROBLEMS_SHOWN = 20;

export interface BackupInput {
  /** Rows as the service returns them; a therapist_id among them is not written. */
  tables: { [K in BackupTable]: readonly (BackupTables[K][number] & { therapist_id?: string | null })[] };
  /** The REST root the rows were read from, to tell backups apart. */
  sourceUrl: string;
  now: Date;
  /** The practice's audit trail, oldest first, as the service returns it. */
  auditTrail?: readonly AuditTrailRow[];
}

/**
 * The backup as JSON text: one document, so an import checks the whole file (version, shape, every
 * reference) before it sends a row, and any JSON tool can read it. Each row sits on its own line,
 * which keeps a large practice's file greppable and diffable without giving up being one document.
 */
export function writeBackup({ tables, sourceUrl, now, auditTrail = [] }: BackupInput): string {
  const table = (name: BackupTable) => {
    const rows = tables[name].map((row) => `      ${JSON.stringify(withoutOwner(row))}`);
    return `    ${JSON.stringify(name)}: ${rows.length === 0 ? '[]' : `[\n${rows.join(',\n')}\n    ]`}`;
  };
  return [
    '{',
    `  "format": ${JSON.stringify(BACKUP_FORMAT)},`,
    `  "version": ${BACKUP_VERSION},`,
    `  "exported_at": ${JSON.stringify(now.toISOString())},`,
    `  "source": { "url": ${JSON.stringify(withoutCredentials(sourceUrl))} },`,
    '  "tables": {',
    BACKUP_TABLES.map(table).join(',\n'),
    '  },',
    `  "audit_trail": ${auditTrail.length === 0 ? '[]' : `[\n${auditTrail.map((row) => `    ${JSON.stringify(row)}`).join(',\n')}\n  ]`}`,
    '}',
    '',
  ].join('\n');
}

function withoutOwner<T extends object>(row: T): Omit<T, 'therapist_id'> {
  const { therapist_id: _owner, ...rest } = row as T & { therapist_id?: unknown };
  return rest;
}

// A profile's URL may carry a user and password; a backup is a file people copy around.
function withoutCredentials(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new InvalidInputError(`expected the source as a URL like https://example.supabase.co/rest/v1; got '${url}'`);
  }
  parsed.username = '';
  parsed.password = '';
  return parsed.href;
}

const envelopeSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  exported_at: z.iso.datetime({ offset: true }),
  source: z.object({ url: z.string() }),
  tables: z.strictObject({
    clients: z.array(rowSchemas.clients),
    service_menu: z.array(rowSchemas.service_menu),
    business_hours: z.array(rowSchemas.business_hours),
    appointments: z.array(rowSchemas.appointments),
    sessions: z.array(rowSchemas.sessions),
    expenses: z.array(rowSchemas.expenses),
    conversation_log: z.array(rowSchemas.conversation_log),
    // Files written before time off, reminders, settings, money and booking requests travelled have none of them.
    closures: z._default(z.array(rowSchemas.closures), []),
    reminders: z._default(z.array(rowSchemas.reminders), []),
    practice_settings: z._default(z.array(rowSchemas.practice_settings), []),
    packages: z._default(z.array(rowSchemas.packages), []),
    payments: z._default(z.array(rowSchemas.payments), []),
    booking_requests: z._default(z.array(rowSchemas.booking_requests), []),
    invoices: z._default(z.array(rowSchemas.invoices), []),
  }),
  audit_trail: z._default(z.array(auditRowSchema), []),
});

/**
 * A backup read from text and checked throughout: the format and version first (a newer file is
 * refused with advice to upgrade, not misread), then every row against its record's schema, then the
 * file as a whole: ids unique within a table, every reference naming a row in the file, and no note
 * amending itself through a chain. Throws BackupFormatError listing the problems.
 */
export function readBackup(text: string): Backup {
  let document: unknown;
  try {
    document = JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text);
  } catch (error) {
    throw new BackupFormatError([`the file is not JSON (${(error as Error).message})`]);
  }
  checkEnvelope(document);
  const parsed = envelopeSchema.safeParse(document);
  if (!parsed.success) {
    throw new BackupFormatError(parsed.error.issues.map((issue) => `${placeOf(issue.path, document)}: ${issue.message}`));
  }
  const backup = parsed.data;
  const problems = [...duplicateIds(backup.tables), ...danglingReferences(backup.tables), ...amendmentCycles(backup.tables.sessions),
    ...trailBreaks(backup.audit_trail)];
  if (problems.length > 0) throw new BackupFormatError(problems);
  return backup;
}

// Format and version are told apart from the rest, because their remedies differ: another file, or
// a newer practice.
function checkEnvelope(document: unknown): void {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    throw new BackupFormatError(['the file is not a JSON object with "format": "practice-export"']);
  }
  const { format, version } = document as { format?: unknown; version?: unknown };
  if (format !== BACKUP_FORMAT) {
    throw new BackupFormatError([`"format" is ${JSON.stringify(format) ?? 'missing'}, not "${BACKUP_FORMAT}": this is not a practice export`]);
  }
  if (typeof version === 'number' && Number.isInteger(version) && version > BACKUP_VERSION) {
    throw new BackupFormatError([
      `"version" is ${version}: the file was written by a newer practice, and this one reads version ${BACKUP_VERSION}; upgrade practice to import it`,
    ]);
  }
  if (version !== BACKUP_VERSION) {
    throw new BackupFormatError([`"version" is ${JSON.stringify(version) ?? 'missing'}; expected ${BACKUP_VERSION}`]);
  }
}

// `tables.appointments[3] (id 3f2a...).date`: the row's id helps find it in a file of one row a line.
function placeOf(path: readonly PropertyKey[], document: unknown): string {
  let place = '';
  let node: unknown = document;
  for (const key of path) {
    node = typeof node === 'object' && node !== null ? (node as Record<PropertyKey, unknown>)[key] : undefined;
    if (typeof key === 'number') {
      const id = typeof node === 'object' && node !== null ? (node as { id?: unknown }).id : undefined;
      place += typeof id === 'string' ? `[${key}] (id ${id})` : `[${key}]`;
    } else {
      place += place === '' ? String(key) : `.${String(key)}`;
    }
  }
  return place === '' ? 'the file' : place;
}

function duplicateIds(tables: BackupTables): string[] {
  return BACKUP_TABLES.flatMap((table) => {
    const firstAt = new Map<string, number>();
    return tables[table].flatMap((row, index) => {
      const first = firstAt.get(row.id);
      if (first === undefined) {
        firstAt.set(row.id, index);
        return [];
      }
      return [`tables.${table}[${index}] (id ${row.id}): the same id as tables.${table}[${first}]`];
    });
  });
}

// Each reference of DESIGN.md section 3 that points at another row, with the table it points into.
const REFERENCES = [
  { table: 'appointments', column: 'client_id', target: 'clients' },
  { table: 'appointments', column: 'service_id', target: 'service_menu' },
  { table: 'sessions', column: 'client_id', target: 'clients' },
  { table: 'sessions', column: 'appointment_id', target: 'appointments' },
  { table: 'sessions', column: 'amends_id', target: 'sessions' },
  { table: 'conversation_log', column: 'client_id', target: 'clients' },
  { table: 'reminders', column: 'appointment_id', target: 'appointments' },
  { table: 'reminders', column: 'client_id', target: 'clients' },
  { table: 'reminders', column: 'follows_id', target: 'reminders' },
  { table: 'packages', column: 'client_id', target: 'clients' },
  { table: 'packages', column: 'service_id', target: 'service_menu' },
  { table: 'payments', column: 'client_id', target: 'clients' },
  { table: 'payments', column: 'appointment_id', target: 'appointments' },
  { table: 'payments', column: 'package_id', target: 'packages' },
  { table: 'payments', column: 'reverses_id', target: 'payments' },
  { table: 'booking_requests', column: 'appointment_id', target: 'appointments' },
  { table: 'booking_requests', column: 'client_id', target: 'clients' },
  { table: 'invoices', column: 'client_id', target: 'clients' },
  { table: 'invoices', column: 'credits_id', target: 'invoices' },
] as const satisfies readonly { table: BackupTable; column: string; target: BackupTable }[];

function danglingReferences(tables: BackupTables): string[] {
  const ids = Object.fromEntries(BACKUP_TABLES.map((table) => [table, new Set(tables[table].map((row) => row.id))])) as Record<
    BackupTable,
    Set<string>
  >;
  return REFERENCES.flatMap(({ table, column, target }) =>
    tables[table].flatMap((row, index) => {
      const reference = (row as Record<string, unknown>)[column];
      if (typeof reference !== 'string' || ids[target].has(reference)) return [];
      return [`tables.${table}[${index}] (id ${row.id}).${column}: ${reference} is not the id of a row in tables.${target}`];
    }),
  );
}

type NoteRow = BackupTables['sessions'][number];

function amendmentCycles(notes: readonly NoteRow[]): string[] {
  const byId = new Map(notes.map((note) => [note.id, note]));
  return notes.flatMap((note, index) => {
    const seen = new Set<string>();
    for (let current: NoteRow | undefined = note; current?.amends_id != null; current = byId.get(current.amends_id)) {
      if (seen.has(current.id)) return [`tables.sessions[${index}] (id ${note.id}).amends_id: the note amends itself through a chain of amendments`];
      seen.add(current.id);
    }
    return [];
  });
}

/**
 * Where the carried trail does not link up: one practice's rows, ids without gaps, each naming the
 * hash of the row before. That each hash matches its row's fields is the database's to check
 * (\`practice audit verify\` on the source); the import pins the head it names.
 */
function trailBreaks(trail: readonly AuditTrailRow[]): string[] {
  const problem = trail.findIndex((row, index) => {
    const before = trail[index - 1];
    if (before === undefined) return false;
    return row.therapist_id !== before.therapist_id || row.id !== before.id + 1 || row.prev_hash !== before.hash;
  });
  if (problem === -1) return [];
  return [`audit_trail[${problem}] (id ${trail[problem]!.id}): does not follow the row before it (another practice, a gap, or a prev_hash that is not its hash); remove "audit_trail" to import the records without it`];
}

/** The head of a carried trail, as an import records it: whose, how many rows, its last hash. */
export function trailHead(trail: readonly AuditTrailRow[]): { practice: string; rows: number; first_id: number; last_id: number; head: string } | null {
  const [first, last] = [trail[0], trail.at(-1)];
  if (first === undefined || last === undefined) return null;
  return { practice: first.therapist_id, rows: trail.length, first_id: first.id, last_id: last.id, head: last.hash };
}

export type ImportStep = { [K in BackupTable]: { table: K; rows: BackupTables[K] } }[BackupTable];

/**
 * The inserts of an import, table by table in BACKUP_TABLES order, with the rows as they are sent:
 * - a note that amends another comes after the note it amends (the service requires that one to exist);
 * - a timestamp the source did not return is filled, since the columns are not null: created_at with
 *   the time of the export (the row existed by then), updated_at with created_at;
 * - a client's total_visits is lowered by the completed appointments the file holds for the client,
 *   because the service counts each completed appointment as it is inserted, and the client would
 *   otherwise end with those visits twice. The count is exact unless someone set it below the number
 *   of completed appointments by hand; it never goes below 0;
 * - an appointment of an older file, without price and buffer_minutes, reads as price null (the service
 *   copies its service's price) and buffer 0: it was booked when buffers did not count, so the file's
 *   own back-to-back bookings cannot refuse each other.
 */
export function importOrder(backup: Backup): ImportStep[] {
  const { tables, exported_at } = backup;
  const completed = new Map<string, number>();
  for (const appointment of tables.appointments) {
    if (appointment.status === 'completed') completed.set(appointment.client_id, (completed.get(appointment.client_id) ?? 0) + 1);
  }
  const stamped = <T extends { created_at: string | null; updated_at: string | null }>(row: T): T => {
    const created_at = row.created_at ?? exported_at;
    return { ...row, created_at, updated_at: row.updated_at ?? created_at };
  };
  return [
    {
      table: 'clients',
      rows: tables.clients.map((client) =>
        stamped({ ...client, total_visits: Math.max(0, client.total_visits - (completed.get(client.id) ?? 0)) }),
      ),
    },
    { table: 'service_menu', rows: tables.service_menu.map(stamped) },
    { table: 'business_hours', rows: tables.business_hours.map(stamped) },
    { table: 'closures', rows: tables.closures.map(stamped) },
    { table: 'packages', rows: tables.packages.map(createdBy(exported_at)) },
    { table: 'appointments', rows: tables.appointments.map(stamped) },
    { table: 'booking_requests', rows: tables.booking_requests.map(createdBy(exported_at)) },
    // A refund or void after the payment it reverses, which the ledger requires to exist.
    { table: 'payments', rows: afterWhatTheyFollow(tables.payments, 'reverses_id').map(createdBy(exported_at)) },
    { table: 'sessions', rows: afterWhatTheyFollow(tables.sessions, 'amends_id').map(stamped) },
    { table: 'expenses', rows: tables.expenses.map(stamped) },
    { table: 'conversation_log', rows: tables.conversation_log.map((message) => ({ ...message, created_at: message.created_at ?? exported_at })) },
    { table: 'reminders', rows: afterWhatTheyFollow(tables.reminders, 'follows_id').map(stamped) },
    { table: 'practice_settings', rows: tables.practice_settings.map(stamped) },
    { table: 'invoices', rows: inIssueOrder(tables.invoices).map(createdBy(exported_at)) },
  ];
}

type InvoiceRow = BackupTables['invoices'][number];

/**
 * Invoices and credit notes as they were issued, so the database gives each the number it had and
 * finds what it names: each series (INV-2026, CN-2026) in number order, the series merged by when
 * each document was made (a visit invoiced again comes after the credit note that freed it).
 */
function inIssueOrder(rows: readonly InvoiceRow[]): InvoiceRow[] {
  const seriesOf = (row: InvoiceRow) => row.number.slice(0, row.number.lastIndexOf('-'));
  const sequence = (row: InvoiceRow) => Number(row.number.slice(row.number.lastIndexOf('-') + 1));
  const series = new Map<string, InvoiceRow[]>();
  for (const row of rows) series.set(seriesOf(row), [...(series.get(seriesOf(row)) ?? []), row]);
  const queues = [...series.values()].map((queue) => queue.sort((a, b) => sequence(a) - sequence(b)));
  const madeAt = (row: InvoiceRow) => Date.parse(row.created_at ?? '') || 0;
  const ordered: InvoiceRow[] = [];
  while (queues.some((queue) => queue.length > 0)) {
    const next = queues.filter((queue) => queue.length > 0)
      .reduce((first, queue) => (madeAt(queue[0]!) < madeAt(first[0]!) ? queue : first));
    ordered.push(next.shift()!);
  }
  return ordered;
}

/** A row that has only created_at (the ledger's) stamped with the time of the export when the source had none. */
const createdBy = (exportedAt: string) => <T extends { created_at: string | null }>(row: T): T => ({ ...row, created_at: row.created_at ?? exportedAt });

/**
 * Rows that name an earlier row of their table (a note the one it amends, a notice the message it
 * follows) after that row, as the service requires. Stable: the file's order within each depth.
 */
function afterWhatTheyFollow<Row extends { id: string }>(rows: readonly Row[], parent: keyof Row): Row[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  // Bounded by the number of rows, so a Backup not checked by readBackup cannot loop here.
  const depth = (row: Row): number => {
    let steps = 0;
    let current: Row | undefined = row;
    while (current?.[parent] != null && steps < rows.length) {
      current = byId.get(current[parent] as string);
      steps++;
    }
    return steps;
  };
  return rows.map((row) => ({ row, depth: depth(row) })).sort((a, b) => a.depth - b.depth).map(({ row }) => row);
}
