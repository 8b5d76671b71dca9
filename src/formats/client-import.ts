// `client import`: a client list from another system, as CSV records, becomes client create inputs.
// All or nothing: either every row is valid and there is a list to send, or a report and nothing to send.
// With a namespace each client gets an id made from its row, so sending the list again adds nobody.
import { CLIENT_STATUSES } from '../model/record-values.js';
import { clientCreateSchema, type ClientCreate } from '../model/records.js';
import { CLIENT_FIELDS, type ClientField } from './client-import-fields.js';
import { nameUuid } from './name-uuid.js';


/**
 * The headers each field is recognised by, compared without case, spaces, `_`, `-` and `.`, so
 * `E-Mail`, `e_mail` and `EMAIL` are all email.
 */
const HEADER_SYNONYMS: Readonly<Record<ClientField, readonly string[]>> = {
  name: ['name', 'fullname', 'clientname', 'client', 'displayname'],
  first_name: ['firstname', 'first', 'givenname', 'forename'],
  last_name: ['lastname', 'last', 'surname', 'familyname'],
  phone: ['phone', 'mobile', 'telephone', 'tel', 'phonenumber', 'mobilephone', 'mobilenumber', 'cell', 'cellphone'],
  email: ['email', 'emailaddress', 'mail'],
  notes: ['notes', 'note', 'comments', 'comment'],
  status: ['status'],
  total_visits: ['totalvisits', 'visits', 'visitcount', 'numberofvisits'],
};

export interface ClientImportOptions {
  /** The practice's clients already: their emails the service would refuse as duplicates. */
  existing?: Iterable<{ id: string; email: string | null }>;
  /**
   * A uuid (the therapist's id) in which each client gets a name-based id of its row's content and
   * how many identical rows came before it: the same file gives the same ids, two identical rows two
   * clients, and a client already there with its row's own id is that row, imported before.
   */
  namespace?: string;
  /** Headers mapped by hand, over the synonyms: to a field, or to null to leave the column out. */
  columns?: Readonly<Record<string, ClientField | null>>;
}

/** One thing wrong, where a spreadsheet shows it: row 1 is the header; row and column null mean the file. */
export interface ImportProblem {
  row: number | null;
  column: string | null;
  problem: string;
}

export type ClientImportResult =
  | { ok: true; clients: ClientCreate[]; ignoredColumns: string[] }
  | { ok: false; problems: ImportProblem[]; ignoredColumns: string[] };

const normalize = (header: string) => header.toLowerCase().replace(/[\s_.-]+/g, '');

const FIELD_OF_HEADER = new Map<string, ClientField>(
  CLIENT_FIELDS.flatMap((field) => HEADER_SYNONYMS[field].map((synonym) => [synonym, field] as const)),
);

// Excel turns a long phone number typed as a number into 4.91701E+11; the digits are gone by then.
const SCIENTIFIC_NOTATION = /^\d(\.\d+)?e\+\d+$/i;
const WHOLE_NUMBER = /^\d+$/;
// total_visits is a PostgreSQL integer.
const MAX_VISITS = 2 ** 31 - 1;

/**
 * The clients of a CSV file's records (header first, as parseCsv returns them). A row with every cell
 * empty is skipped, as spreadsheets leave them; columns no field claims are listed in ignoredColumns.
 */
export function planClientImport(records: readonly (readonly string[])[], options: ClientImportOptions = {}): ClientImportResult {
  const [header, ...rows] = records;
  if (header === undefined) {
    return { ok: false, problems: [{ row: null, column: null, problem: 'the file is empty; expected a header line such as name,phone,email' }], ignoredColumns: [] };
  }
  const mapping = mapHeader(header, rows, options.columns ?? {});
  if (mapping.problems.length > 0) return { ok: false, problems: mapping.problems, ignoredColumns: mapping.ignored };

  const idOfEmail = new Map([...(options.existing ?? [])].flatMap(({ id, email }) => (email ? [[email.trim().toLowerCase(), id] as const] : [])));
  const occurrences = new Map<string, number>();
  const firstRowOfEmail = new Map<string, number>();
  const problems: ImportProblem[] = [];
  const clients: ClientCreate[] = [];

  rows.forEach((fields, index) => {
    const row = index + 2;
    if (fields.every((value) => value.trim() === '')) return;
    const problem = (column: string | null, text: string) => problems.push({ row, column, problem: text });
    const cell = (field: ClientField) => {
      const column = mapping.columns.get(field);
      return column === undefined ? '' : (fields[column] ?? '').trim();
    };
    const columnOf = (field: ClientField) => {
      const column = mapping.columns.get(field);
      return column === undefined ? null : header[column]!;
    };

    // Trailing empty cells are what spreadsheets leave; text past the header means a comma went unquoted.
    if (fields.slice(header.length).some((value) => value.trim() !== '')) {
      problem(null, `has ${fields.length} fields but the header has ${header.length}; quote a field that contains the separator`);
    }

    const name = cell('name') || [cell('first_name'), cell('last_name')].filter((part) => part !== '').join(' ');
    if (name === '') problem(columnOf('name') ?? columnOf('first_name') ?? columnOf('last_name'), 'missing name');

    const [email, phone, notes, statusText, visitsText] = [cell('email'), cell('phone'), cell('notes'), cell('status').toLowerCase(), cell('total_visits')];
    const content = JSON.stringify([name, phone, email.toLowerCase(), notes, statusText, visitsText]);
    const occurrence = (occurrences.get(content) ?? 0) + 1;
    occurrences.set(content, occurrence);
    const id = options.namespace === undefined ? undefined : nameUuid(options.namespace, `${occurrence}:${content}`);

    if (email !== '') {
      const key = email.toLowerCase();
      if (!clientCreateSchema.shape.email.safeParse(email).success) {
        problem(columnOf('email'), `'${email}' is not an email address`);
      } else if (firstRowOfEmail.has(key)) {
        problem(columnOf('email'), `${email} is also the email of row ${firstRowOfEmail.get(key)}; emails are unique in a practice`);
      } else if (idOfEmail.has(key) && idOfEmail.get(key) !== id) {
        problem(columnOf('email'), `a client with the email ${email} is already in the practice`);
      }
      if (!firstRowOfEmail.has(key)) firstRowOfEmail.set(key, row);
    }

    if (SCIENTIFIC_NOTATION.test(phone)) {
      problem(columnOf('phone'), `'${phone}' is a phone number a spreadsheet turned into a number; format the column as text and export again`);
    }

    const status = CLIENT_STATUSES.find((candidate) => candidate === statusText);
    if (statusText !== '' && status === undefined) {
      problem(columnOf('status'), `'${cell('status')}' is not a status; expected ${CLIENT_STATUSES.join(' or ')}`);
    }

    const visits = Number(visitsText);
    if (visitsText !== '' && (!WHOLE_NUMBER.test(visitsText) || visits > MAX_VISITS)) {
      problem(columnOf('total_visits'), `'${visitsText}' is not a number of visits; expected a whole number, 0 or more`);
    }

    // The model's own check comes last, behind the ones above, so nothing it would refuse is ready to send.
    if (problems.some((reported) => reported.row === row)) return;
    const candidate = {
      ...(id === undefined ? {} : { id }),
      name,
      ...(phone === '' ? {} : { phone }),
      ...(email === '' ? {} : { email }),
      ...(notes === '' ? {} : { notes }),
      ...(status === undefined ? {} : { status }),
      ...(visitsText === '' ? {} : { total_visits: visits }),
    };
    const parsed = clientCreateSchema.safeParse(candidate);
    if (parsed.success) {
      clients.push(parsed.data);
    } else {
      for (const issue of parsed.error.issues) problem(columnOf(issue.path[0] as ClientField), issue.message);
    }
  });

  return problems.length > 0
    ? { ok: false, problems, ignoredColumns: mapping.ignored }
    : { ok: true, clients, ignoredColumns: mapping.ignored };
}

interface HeaderMapping {
  /** The field each mapped column fills, by the column's position. */
  columns: Map<ClientField, number>;
  ignored: string[];
  problems: ImportProblem[];
}

// Two columns for one field are refused rather than one silently winning: Phone and Mobile both
// filled would lose a number. The remedy is to map one of them elsewhere, or to nothing.
function mapHeader(header: readonly string[], rows: readonly (readonly string[])[], overrides: Readonly<Record<string, ClientField | null>>): HeaderMapping {
  const columns = new Map<ClientField, number>();
  const ignored: string[] = [];
  const problems: ImportProblem[] = [];
  const headerProblem = (column: string | null, problem: string) => problems.push({ row: 1, column, problem });

  const overridden = new Map(Object.entries(overrides).map(([name, field]) => [normalize(name), { name, field }]));
  for (const [key, { name }] of overridden) {
    if (!header.some((column) => normalize(column) === key)) headerProblem(name, `there is no column '${name}' in the header`);
  }

  header.forEach((column, position) => {
    const key = normalize(column);
    const field = overridden.has(key) ? overridden.get(key)!.field : (FIELD_OF_HEADER.get(key) ?? null);
    if (field === null) {
      // A column without a header is only worth naming when it holds something.
      if (column.trim() !== '') ignored.push(column);
      else if (rows.some((fields) => (fields[position] ?? '').trim() !== '')) ignored.push(`(column ${position + 1})`);
      return;
    }
    const taken = columns.get(field);
    if (taken !== undefined) {
      headerProblem(column, `'${header[taken]}' and '${column}' both mean ${field}; map one of them to another field or to nothing`);
      return;
    }
    columns.set(field, position);
  });

  if (!columns.has('name') && !columns.has('first_name') && !columns.has('last_name')) {
    headerProblem(null, `no name column; expected a header such as name, full name, or first name and last name (found: ${header.join(', ')})`);
  }
  return { columns, ignored, problems };
}
