import { describe, expect, it } from 'vitest';
import { planClientImport, type ClientImportOptions, type ImportProblem } from '../../src/formats/client-import.js';
import { parseCsv } from '../../src/formats/csv.js';
import { nameUuid } from '../../src/formats/name-uuid.js';
import { clientCreateSchema } from '../../src/model/records.js';

function plan(csv: string, options?: ClientImportOptions) {
  return planClientImport(parseCsv(csv), options);
}

function clientsOf(csv: string, options?: ClientImportOptions) {
  const result = plan(csv, options);
  if (!result.ok) throw new Error(`expected a valid file; got ${JSON.stringify(result.problems)}`);
  return result.clients;
}

function problemsOf(csv: string, options?: ClientImportOptions): ImportProblem[] {
  const result = plan(csv, options);
  if (result.ok) throw new Error('expected problems; the file was accepted');
  return result.problems;
}

describe('planClientImport: header mapping', () => {
  it.each([
    { header: 'name', field: 'name' },
    { header: 'Name', field: 'name' },
    { header: 'Full Name', field: 'name' },
    { header: 'full_name', field: 'name' },
    { header: 'CLIENT NAME', field: 'name' },
    { header: 'Phone', field: 'phone' },
    { header: 'Mobile', field: 'phone' },
    { header: 'Telephone', field: 'phone' },
    { header: 'Phone Number', field: 'phone' },
    { header: 'Cell', field: 'phone' },
    { header: 'Email', field: 'email' },
    { header: 'E-Mail', field: 'email' },
    { header: 'e_mail', field: 'email' },
    { header: 'Email Address', field: 'email' },
    { header: 'Notes', field: 'notes' },
    { header: 'Comments', field: 'notes' },
    { header: 'comment', field: 'notes' },
    { header: 'Status', field: 'status' },
    { header: 'Total Visits', field: 'total_visits' },
    { header: 'total_visits', field: 'total_visits' },
    { header: 'Visits', field: 'total_visits' },
    { header: ' Visits ', field: 'total_visits' },
  ])('$header means $field', ({ header, field }) => {
    const values: Record<string, string> = {
      name: 'Ann Lee', phone: '555 0100', email: 'ann@example.com', notes: 'left knee', status: 'inactive', total_visits: '7',
    };
    const value = values[field]!;
    const csv = field === 'name' ? `${header}\n${value}\n` : `Name,${header}\nAnn Lee,${value}\n`;
    const expected = field === 'total_visits' ? Number(value) : value;
    expect(clientsOf(csv)).toEqual([{ name: 'Ann Lee', [field]: expected }]);
  });

  it.each([
    { name: 'first and last name', csv: 'First Name,Last Name\nAnn Marie,Lee\n', client: 'Ann Marie Lee' },
    { name: 'given name and surname', csv: 'Given Name,Surname\nAnn,Lee\n', client: 'Ann Lee' },
    { name: 'a first name only', csv: 'First Name,Last Name\nAnn,\n', client: 'Ann' },
    { name: 'a last name only', csv: 'First Name,Last Name\n,Lee\n', client: 'Lee' },
    { name: 'a full name, preferred to first and last', csv: 'Name,First Name,Last Name\nAnnie Lee,Ann,Lee\n', client: 'Annie Lee' },
    { name: 'first and last where the full name is empty', csv: 'Name,First Name,Last Name\n,Ann,Lee\n', client: 'Ann Lee' },
  ])('takes the name from $name', ({ csv, client }) => {
    expect(clientsOf(csv)).toEqual([{ name: client }]);
  });

  it('lists the columns it leaves out, and columns without a header only when they hold something', () => {
    const result = plan('Name,Address,Birthday,,\nAnn,1 Main St,1980-01-01,,x\n');
    expect(result).toEqual({ ok: true, clients: [{ name: 'Ann' }], ignoredColumns: ['Address', 'Birthday', '(column 5)'] });
  });

  it('takes columns mapped by hand over the synonyms', () => {
    const result = plan('Name,Phone,Mobile,Remarks\nAnn,555 0100,555 0199,likes tea\n', {
      columns: { Phone: null, mobile: 'phone', REMARKS: 'notes' },
    });
    expect(result).toEqual({ ok: true, clients: [{ name: 'Ann', phone: '555 0199', notes: 'likes tea' }], ignoredColumns: ['Phone'] });
  });

  it.each<{ name: string; csv: string; options?: ClientImportOptions; problems: ImportProblem[] }>([
    {
      name: 'an empty file',
      csv: '',
      problems: [{ row: null, column: null, problem: 'the file is empty; expected a header line such as name,phone,email' }],
    },
    {
      name: 'no name column',
      csv: 'Phone,Email\n555,ann@example.com\n',
      problems: [{ row: 1, column: null, problem: 'no name column; expected a header such as name, full name, or first name and last name (found: Phone, Email)' }],
    },
    {
      name: 'two columns for one field',
      csv: 'Name,Phone,Mobile\nAnn,555,556\n',
      problems: [{ row: 1, column: 'Mobile', problem: "'Phone' and 'Mobile' both mean phone; map one of them to another field or to nothing" }],
    },
    {
      name: 'the same header twice',
      csv: 'Name,Notes,notes\nAnn,a,b\n',
      problems: [{ row: 1, column: 'notes', problem: "'Notes' and 'notes' both mean notes; map one of them to another field or to nothing" }],
    },
    {
      name: 'a column mapped by hand that is not in the file',
      csv: 'Name\nAnn\n',
      options: { columns: { Mobile: 'phone' } },
      problems: [{ row: 1, column: 'Mobile', problem: "there is no column 'Mobile' in the header" }],
    },
  ])('refuses $name', ({ csv, options, problems }) => {
    expect(problemsOf(csv, options)).toEqual(problems);
  });
});

describe('planClientImport: rows', () => {
  it('gives every field of a full row, trimmed, as a valid client create input', () => {
    const clients = clientsOf(
      'Name,Phone,Email,Notes,Status,Visits\n' +
        ' Ann Lee ,+49 30 1234-56,Ann@Example.com,"left knee,\nprefers mornings",Inactive, 12 \n',
    );
    expect(clients).toEqual([
      { name: 'Ann Lee', phone: '+49 30 1234-56', email: 'Ann@Example.com', notes: 'left knee,\nprefers mornings', status: 'inactive', total_visits: 12 },
    ]);
    expect(clientCreateSchema.parse(clients[0])).toEqual(clients[0]);
  });

  it('leaves out empty cells, so the service applies its defaults', () => {
    expect(clientsOf('Name,Phone,Email,Notes,Status,Visits\nAnn,,,,,\n')).toEqual([{ name: 'Ann' }]);
  });

  it('accepts 0 visits and active', () => {
    expect(clientsOf('Name,Status,Visits\nAnn,active,0\n')).toEqual([{ name: 'Ann', status: 'active', total_visits: 0 }]);
  });

  it('skips rows with every cell empty, and rows short of trailing cells are fine', () => {
    expect(clientsOf('Name,Phone,Email\nAnn,555\n,,\n\n  ,  \nBob\n')).toEqual([{ name: 'Ann', phone: '555' }, { name: 'Bob' }]);
  });

  it('keeps the order of the file', () => {
    expect(clientsOf('Name\nCid\nAnn\nBob\n').map((client) => client.name)).toEqual(['Cid', 'Ann', 'Bob']);
  });

  it('reads a semicolon-separated export with a byte order mark, as Excel writes it in Germany', () => {
    expect(clientsOf('\uFEFFName;E-Mail;Telefon\r\n"Lee, Ann";ann@example.com;030 1234\r\n')).toEqual([{ name: 'Lee, Ann', email: 'ann@example.com' }]);
  });

  it('accepts a header-only file as nothing to import', () => {
    expect(plan('Name,Email\n')).toEqual({ ok: true, clients: [], ignoredColumns: [] });
  });

  it.each<{ name: string; csv: string; options?: ClientImportOptions; problems: ImportProblem[] }>([
    {
      name: 'a missing name',
      csv: 'Name,Phone\nAnn,1\n,555\n',
      problems: [{ row: 3, column: 'Name', problem: 'missing name' }],
    },
    {
      name: 'a missing name from first and last name',
      csv: 'First Name,Last Name,Phone\n , ,555\n',
      problems: [{ row: 2, column: 'First Name', problem: 'missing name' }],
    },
    {
      name: 'a malformed email',
      csv: 'Name,Email\nAnn,ann@\nBob,bob at example.com\n',
      problems: [
        { row: 2, column: 'Email', problem: "'ann@' is not an email address" },
        { row: 3, column: 'Email', problem: "'bob at example.com' is not an email address" },
      ],
    },
    {
      name: 'an email twice in the file, whatever its case',
      csv: 'Name,E-Mail\nAnn,ann@example.com\nBob,bob@example.com\nAnnie,ANN@example.com\nA. Lee,Ann@Example.com\n',
      problems: [
        { row: 4, column: 'E-Mail', problem: 'ANN@example.com is also the email of row 2; emails are unique in a practice' },
        { row: 5, column: 'E-Mail', problem: 'Ann@Example.com is also the email of row 2; emails are unique in a practice' },
      ],
    },
    {
      name: 'an email already in the practice',
      csv: 'Name,Email\nAnn,Ann@Example.com\n',
      options: { existing: [{ id: '0f0e7cf5-1c1a-4d1e-8f1a-000000000001', email: 'ann@example.com' }] },
      problems: [{ row: 2, column: 'Email', problem: 'a client with the email Ann@Example.com is already in the practice' }],
    },
    {
      name: 'a phone number a spreadsheet rewrote',
      csv: 'Name,Mobile\nAnn,4.91701E+11\n',
      problems: [{ row: 2, column: 'Mobile', problem: "'4.91701E+11' is a phone number a spreadsheet turned into a number; format the column as text and export again" }],
    },
    {
      name: 'an unknown status',
      csv: 'Name,Status\nAnn,archived\n',
      problems: [{ row: 2, column: 'Status', problem: "'archived' is not a status; expected active or inactive" }],
    },
    ...['abc', '3.5', '-1', '1e3', '2147483648'].map((visits) => ({
      name: `${visits} visits`,
      csv: `Name,Visits\nAnn,${visits}\n`,
      problems: [{ row: 2, column: 'Visits', problem: `'${visits}' is not a number of visits; expected a whole number, 0 or more` }],
    })),
    {
      name: 'more fields than the header has',
      csv: 'Name,Phone\nLee, Ann,555\n',
      problems: [{ row: 2, column: null, problem: 'has 3 fields but the header has 2; quote a field that contains the separator' }],
    },
    {
      name: 'several problems in one row, each reported',
      csv: 'Name,Email,Visits\n,nope,x\n',
      problems: [
        { row: 2, column: 'Name', problem: 'missing name' },
        { row: 2, column: 'Email', problem: "'nope' is not an email address" },
        { row: 2, column: 'Visits', problem: "'x' is not a number of visits; expected a whole number, 0 or more" },
      ],
    },
    {
      // A row of a multi-line note counts as one spreadsheet row, so row numbers match what the user sees.
      name: 'a problem after a quoted line break',
      csv: 'Name,Notes,Email\nAnn,"line 1\nline 2",ann@example.com\nBob,,bad\n',
      problems: [{ row: 3, column: 'Email', problem: "'bad' is not an email address" }],
    },
  ])('reports $name, and sends nothing', ({ csv, options, problems }) => {
    const result = plan(csv, options);
    expect(result).toEqual({ ok: false, problems, ignoredColumns: [] });
    expect('clients' in result).toBe(false);
  });

  it('sends nothing when one row of many is invalid', () => {
    const rows = Array.from({ length: 500 }, (_, index) => `Client ${index},client${index}@example.com`);
    rows[321] = 'Client 321,not-an-email';
    expect(plan(`Name,Email\n${rows.join('\n')}\n`)).toEqual({
      ok: false,
      problems: [{ row: 323, column: 'Email', problem: "'not-an-email' is not an email address" }],
      ignoredColumns: [],
    });
  });
});

describe('planClientImport: ids made from the rows', () => {
  const namespace = '6f1c2a9e-0b7d-4c1e-9a53-2d8f0e4b7c11';
  const idsOf = (csv: string, options: ClientImportOptions = {}) => clientsOf(csv, { namespace, ...options }).map((client) => client.id);

  it('gives the same file the same ids, identical rows ids of their own, and another practice other ids', () => {
    const csv = 'Name,Phone\nAnn,555\nAnn,555\nBen,\n';
    const ids = idsOf(csv);
    expect(new Set(ids).size).toBe(3);
    expect(ids.every((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id!))).toBe(true);
    expect(idsOf(csv)).toEqual(ids);
    // A row keeps its id when other rows come and go around it.
    expect(idsOf('Name,Phone\nBen,\nCy,\nAnn,555\n')).toEqual([ids[2], expect.any(String), ids[0]]);
    expect(idsOf(csv, { namespace: '00000000-0000-0000-0000-000000000000' }).some((id) => ids.includes(id))).toBe(false);
    expect(clientsOf(csv).every((client) => client.id === undefined)).toBe(true);
  });

  it('accepts an email already in the practice only on the client of that row, imported before', () => {
    const csv = 'Name,Email\nAnn,Ann@Example.com\n';
    const [id] = idsOf(csv);
    expect(idsOf(csv, { existing: [{ id: id!, email: 'ann@example.com' }] })).toEqual([id]);
    expect(problemsOf(csv, { namespace, existing: [{ id: namespace, email: 'ann@example.com' }] })).toEqual([
      { row: 2, column: 'Email', problem: 'a client with the email Ann@Example.com is already in the practice' },
    ]);
  });
});

describe('nameUuid', () => {
  it('is RFC 9562 version 5 (the value Python’s uuid.uuid5 gives)', () => {
    expect(nameUuid('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'python.org')).toBe('886313e1-3b8a-5372-9b90-0c9aee199e5d');
  });
});
