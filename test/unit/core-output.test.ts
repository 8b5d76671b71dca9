// The renderer: an aligned, fitted table on a terminal; TSV (escaped, untruncated, uncoloured) when
// piped; JSON, NDJSON and CSV on request; the empty list; colour decisions.
import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { colorEnabled, palette } from '../../src/core/color.js';
import { type Column, Output } from '../../src/core/output.js';

interface Client {
  id: string;
  name: string;
  phone: string | null;
  total_visits: number;
}

const COLUMNS: Column<Client>[] = [
  { key: 'name' },
  { key: 'phone', format: (phone) => phone ?? '-' },
  { key: 'total_visits', header: 'VISITS' },
];

const ROWS: Client[] = [
  { id: '1', name: 'Ann Lee', phone: '555-0100', total_visits: 3 },
  { id: '2', name: 'Bo\tTab\nLine\\', phone: null, total_visits: 0 },
];

function capture(tty: boolean, columns = 80, color = false) {
  const stdout = Object.assign(new PassThrough(), { isTTY: tty, columns });
  const stderr = Object.assign(new PassThrough(), { isTTY: tty });
  const text = (stream: PassThrough) => () => stream.read()?.toString() ?? '';
  return { output: new Output({ stdout, stderr }, palette(color), palette(color)), stdout: text(stdout), stderr: text(stderr) };
}

describe('Output.rows', () => {
  it('prints an aligned table with headings on a terminal', async () => {
    const { output, stdout } = capture(true);
    await output.rows(ROWS.slice(0, 1).concat({ id: '3', name: 'Christopher', phone: null, total_visits: 12 }), COLUMNS);
    expect(stdout()).toBe([
      'NAME         PHONE     VISITS',
      'Ann Lee      555-0100  3',
      'Christopher  -         12',
      '',
    ].join('\n'));
  });

  it('aligns columns by display width: wide characters, emoji and combining marks', async () => {
    const { output, stdout } = capture(true);
    await output.rows([
      { id: '1', name: '李小龍 (Bruce)', phone: '555-0100', total_visits: 3 },
      { id: '2', name: '🌸 Blossom Kim', phone: '555-0101', total_visits: 1 },
      { id: '3', name: 'Zoe\u0301 Ray', phone: '555-0102', total_visits: 0 },
    ], COLUMNS);
    expect(stdout()).toBe([
      'NAME            PHONE     VISITS',
      '李小龍 (Bruce)  555-0100  3',
      '🌸 Blossom Kim  555-0101  1',
      'Zoe\u0301 Ray         555-0102  0',
      '',
    ].join('\n'));
  });

  it('narrows the widest column to fit the terminal', async () => {
    const { output, stdout } = capture(true, 30);
    await output.rows([{ id: '1', name: 'A very long name that does not fit', phone: '555', total_visits: 1 }], COLUMNS);
    const lines = stdout().trimEnd().split('\n');
    expect(lines[1]).toBe('A very long na…  555    1');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(30);
  });

  it('prints TSV when piped: no headings, nothing cut, tabs and newlines escaped', async () => {
    const { output, stdout } = capture(false);
    await output.rows(ROWS, COLUMNS);
    expect(stdout()).toBe('Ann Lee\t555-0100\t3\nBo\\tTab\\nLine\\\\\t-\t0\n');
  });

  it('prints every field as JSON, or the fields named', async () => {
    const all = capture(false);
    await all.output.rows(ROWS, COLUMNS, { json: true });
    expect(JSON.parse(all.stdout())).toEqual(ROWS);
    const some = capture(true);
    await some.output.rows(ROWS, COLUMNS, { json: ['name', 'id'] });
    expect(some.stdout()).toBe(`${JSON.stringify([{ name: 'Ann Lee', id: '1' }, { name: 'Bo\tTab\nLine\\', id: '2' }], null, 2)}\n`);
  });

  it('prints a long list as JSON in pieces that join into exactly the whole', async () => {
    // Past the items per write (src/core/output.ts), nested values and all: the text is the whole's.
    for (const count of [250, 251, 500, 501, 1_234]) {
      const rows = Array.from({ length: count }, (_, i) => ({ ...ROWS[i % 2]!, id: String(i), tags: i % 3 ? [] : ['a', { b: [i] }], notes: null }));
      let written = '';
      const stdout = new Writable({
        write: (chunk, _encoding, done) => {
          written += chunk;
          done();
        },
      });
      await new Output({ stdout, stderr: new PassThrough() }, palette(false), palette(false)).rows(rows, COLUMNS, { json: true });
      expect(written).toBe(`${JSON.stringify(rows, null, 2)}\n`);
    }
  });

  it('prints NDJSON and CSV', async () => {
    const ndjson = capture(false);
    await ndjson.output.rows(ROWS, COLUMNS, { format: 'ndjson', json: ['id'] });
    expect(ndjson.stdout()).toBe('{"id":"1"}\n{"id":"2"}\n');
    const csv = capture(false);
    await csv.output.rows([...ROWS, { id: '3', name: 'Lee, "Al"', phone: '', total_visits: 1 }], COLUMNS, { format: 'csv' });
    expect(csv.stdout()).toBe('id,name,phone,total_visits\r\n1,Ann Lee,555-0100,3\r\n2,"Bo\tTab\nLine\\",,0\r\n3,"Lee, ""Al""",,1\r\n');
  });

  it('says "No results." on a terminal for an empty list, and prints [] for --json', async () => {
    const tty = capture(true);
    await tty.output.rows([], COLUMNS);
    expect([tty.stdout(), tty.stderr()]).toEqual(['', 'No results.\n']);
    const piped = capture(false);
    await piped.output.rows([], COLUMNS);
    expect([piped.stdout(), piped.stderr()]).toEqual(['', '']);
    const json = capture(false);
    await json.output.rows([], COLUMNS, { json: true });
    expect(json.stdout()).toBe('[]\n');
  });

  it('shows control characters in table cells escaped', async () => {
    const { output, stdout } = capture(true);
    await output.rows([{ id: '1', name: 'Eve\u001b[2J\tX', phone: null, total_visits: 1 }], COLUMNS);
    expect(stdout().split('\n')[1]).toBe('Eve\\x1b[2J\\tX  -      1');
  });

  it('escapes control characters in TSV after doubling backslashes, as COPY does', async () => {
    const { output, stdout } = capture(false);
    await output.rows([{ id: '1', name: '\\x1b is not \u001b', phone: '\u0085', total_visits: 1 }], COLUMNS);
    expect(stdout()).toBe('\\\\x1b is not \\x1b\t\\x85\t1\n');
  });

  it('leads every CSV with the id, unless --json named the fields; money with two decimals', async () => {
    type Priced = { id: string; name: string; price: number | null; amount: number; visits: number };
    const columns: Column<Priced>[] = [{ key: 'name' }, { key: 'price' }, { key: 'amount' }, { key: 'visits' }];
    const rows: Priced[] = [{ id: 'a1', name: 'Massage', price: 45, amount: 0.1, visits: 3 }, { id: 'b2', name: 'Free', price: null, amount: 12.5, visits: 0 }];
    const led = capture(false);
    await led.output.rows(rows, columns, { format: 'csv' });
    expect(led.stdout()).toBe('id,name,price,amount,visits\r\na1,Massage,45.00,0.10,3\r\nb2,Free,,12.50,0\r\n');
    const named = capture(false);
    await named.output.rows(rows, columns, { format: 'csv', json: ['name', 'price'] });
    expect(named.stdout()).toBe('name,price\r\nMassage,45.00\r\nFree,\r\n');
  });

  it('guards CSV cells a spreadsheet would run, through the one CSV writer', async () => {
    const { output, stdout } = capture(false);
    await output.rows([{ id: '1', name: '=HYPERLINK("x")', phone: '+49 30 1234-56', total_visits: -1 }], COLUMNS, { format: 'csv' });
    expect(stdout()).toBe('id,name,phone,total_visits\r\n1,"\'=HYPERLINK(""x"")",+49 30 1234-56,-1\r\n');
  });

  it('makes headings bold only with colour', async () => {
    const { output, stdout } = capture(true, 80, true);
    await output.rows(ROWS.slice(0, 1), COLUMNS);
    expect(stdout().split('\n')[0]).toBe('\u001b[1mNAME\u001b[22m     \u001b[1mPHONE\u001b[22m     \u001b[1mVISITS\u001b[22m');
  });
});

describe('Output.record', () => {
  it('prints one object for --json, or the fields named', async () => {
    const all = capture(false);
    await all.output.record(ROWS[0]!, COLUMNS, { json: true });
    expect(JSON.parse(all.stdout())).toEqual(ROWS[0]);
    const some = capture(false);
    await some.output.record(ROWS[0]!, COLUMNS, { json: ['total_visits', 'name'] });
    expect(some.stdout()).toBe(`${JSON.stringify({ total_visits: 3, name: 'Ann Lee' }, null, 2)}\n`);
  });

  it('prints one NDJSON line, or a CSV header and one row', async () => {
    const ndjson = capture(false);
    await ndjson.output.record(ROWS[0]!, COLUMNS, { format: 'ndjson' });
    expect(ndjson.stdout()).toBe(`${JSON.stringify(ROWS[0])}\n`);
    const csv = capture(false);
    await csv.output.record(ROWS[0]!, COLUMNS, { format: 'csv' });
    expect(csv.stdout()).toBe('id,name,phone,total_visits\r\n1,Ann Lee,555-0100,3\r\n');
  });
});

describe('messages', () => {
  it('show control characters escaped, keeping line breaks', () => {
    const { output, stderr } = capture(false);
    output.note('Added \u001b]0;x\u0007\nsecond line');
    output.success('Done \u009b');
    output.warn('Tab\there');
    expect(stderr()).toBe('Added \\x1b]0;x\\x07\nsecond line\n✓ Done \\x9b\n! Tab\\there\n');
  });
});

describe('colorEnabled', () => {
  it.each([
    [{ isTTY: true }, {}, true, true],
    [{ isTTY: false }, {}, true, false],
    [{ isTTY: true }, { NO_COLOR: '1' }, true, false],
    [{ isTTY: true }, { NO_COLOR: '' }, true, true],
    [{ isTTY: false }, { CLICOLOR_FORCE: '1' }, true, true],
    [{ isTTY: false }, { CLICOLOR_FORCE: '0' }, true, false],
    [{ isTTY: true }, { CLICOLOR_FORCE: '1', NO_COLOR: '1' }, true, false],
    [{ isTTY: true }, { CLICOLOR_FORCE: '1' }, false, false],
    [{ isTTY: true }, { TERM: 'dumb' }, true, false],
  ])('%o %o --color=%s -> %s', (stream, env, flag, expected) => {
    expect(colorEnabled(stream, env, flag)).toBe(expected);
  });
});
