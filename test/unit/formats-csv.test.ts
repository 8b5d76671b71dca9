import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, parseCsv, toCsv, type CsvValue } from '../../src/formats/csv.js';
import { InvalidInputError } from '../../src/model/errors.js';

describe('toCsv', () => {
  it('writes a header line and one CRLF-terminated record per row, columns in the order given', () => {
    expect(toCsv(['name', 'visits'], [{ visits: 3, name: 'Ann', extra: 'not a column' }, { name: 'Bob', visits: 0 }])).toBe(
      'name,visits\r\nAnn,3\r\nBob,0\r\n',
    );
  });

  it('writes the numbers of money columns with two decimals, other numbers and text as they are', () => {
    const rows = [{ price: 45, visits: 3, amount: 0.1 }, { price: 0.3, visits: 0, amount: '7.5' }, { price: null, visits: 1, amount: 99999999.99 }];
    expect(toCsv(['price', 'visits', 'amount'], rows, { money: new Set(['price', 'amount']) })).toBe(
      'price,visits,amount\r\n45.00,3,0.10\r\n0.30,0,7.5\r\n,1,99999999.99\r\n',
    );
  });

  it('writes only the header when there are no rows', () => {
    expect(toCsv(['id', 'date'], [])).toBe('id,date\r\n');
  });

  it.each<{ name: string; value: CsvValue; field: string }>([
    { name: 'plain text', value: 'Ann Lee', field: 'Ann Lee' },
    { name: 'null', value: null, field: '' },
    { name: 'undefined', value: undefined, field: '' },
    { name: 'an empty string', value: '', field: '' },
    { name: 'a number', value: 45.5, field: '45.5' },
    { name: 'a negative number', value: -5, field: '-5' },
    { name: 'a boolean', value: true, field: 'true' },
    { name: 'a comma', value: 'Lee, Ann', field: '"Lee, Ann"' },
    { name: 'a quote', value: 'says "hi"', field: '"says ""hi"""' },
    { name: 'a line feed', value: 'line 1\nline 2', field: '"line 1\nline 2"' },
    { name: 'a CRLF', value: 'line 1\r\nline 2', field: '"line 1\r\nline 2"' },
    { name: 'a leading space', value: ' Ann', field: '" Ann"' },
    { name: 'a trailing space', value: 'Ann ', field: '"Ann "' },
    { name: 'a semicolon (not a separator here)', value: 'a;b', field: 'a;b' },
    { name: 'unicode', value: 'Zoë 山田 🙂', field: 'Zoë 山田 🙂' },
  ])('a field with $name', ({ value, field }) => {
    expect(toCsv(['x'], [{ x: value }])).toBe(`x\r\n${field}\r\n`);
  });

  describe('formula guard', () => {
    it.each([
      { value: '=HYPERLINK("http://evil.example","click")', guarded: `"'=HYPERLINK(""http://evil.example"",""click"")"` },
      { value: '=1+1', guarded: "'=1+1" },
      { value: '+SUM(A1:A9)', guarded: "'+SUM(A1:A9)" },
      { value: '-2+3+cmd|\' /C calc\'!A0', guarded: "'-2+3+cmd|' /C calc'!A0" },
      { value: '@SUM(1,2)', guarded: `"'@SUM(1,2)"` },
      { value: '\t=cmd', guarded: "'\t=cmd" },
      { value: '\r=cmd', guarded: `"'\r=cmd"` },
      // Arithmetic without letters calls no function and names no cell: phone numbers stay as they are.
      { value: '+49 30 1234-56', guarded: '+49 30 1234-56' },
      { value: '+1 (555) 123-4567', guarded: '+1 (555) 123-4567' },
      { value: '-12.50', guarded: '-12.50' },
      { value: 'Ann=Bob', guarded: 'Ann=Bob' },
    ])('$value -> $guarded', ({ value, guarded }) => {
      expect(toCsv(['x'], [{ x: value }])).toBe(`x\r\n${guarded}\r\n`);
    });

    it('is off when asked, so the text is written exactly', () => {
      expect(toCsv(['x'], [{ x: '=SUM(A1)' }], { formulaGuard: false })).toBe('x\r\n=SUM(A1)\r\n');
    });

    it('guards header names too', () => {
      expect(toCsv(['=cmd'], [])).toBe("'=cmd\r\n");
    });
  });
});

describe('parseCsv', () => {
  it.each<{ name: string; text: string; records: string[][] }>([
    { name: 'an empty text', text: '', records: [] },
    { name: 'LF line ends', text: 'a,b\n1,2\n', records: [['a', 'b'], ['1', '2']] },
    { name: 'CRLF line ends', text: 'a,b\r\n1,2\r\n', records: [['a', 'b'], ['1', '2']] },
    { name: 'lone CR line ends (old Mac)', text: 'a,b\r1,2\r', records: [['a', 'b'], ['1', '2']] },
    { name: 'no line end at the end', text: 'a,b\n1,2', records: [['a', 'b'], ['1', '2']] },
    { name: 'a byte order mark', text: '\uFEFFname,phone\nAnn,555\n', records: [['name', 'phone'], ['Ann', '555']] },
    { name: 'empty fields', text: 'a,,c\n,,\n', records: [['a', '', 'c'], ['', '', '']] },
    { name: 'a trailing separator', text: 'a,b,\n', records: [['a', 'b', '']] },
    { name: 'a blank line, which keeps row numbers as a spreadsheet shows them', text: 'a\n\nb\n', records: [['a'], [''], ['b']] },
    { name: 'a quoted comma', text: '"Lee, Ann",1\n', records: [['Lee, Ann', '1']] },
    { name: 'doubled quotes', text: '"says ""hi""",x\n', records: [['says "hi"', 'x']] },
    { name: 'a quoted LF', text: '"line 1\nline 2",x\n', records: [['line 1\nline 2', 'x']] },
    { name: 'a quoted CRLF, kept as written', text: '"line 1\r\nline 2",x\r\n', records: [['line 1\r\nline 2', 'x']] },
    { name: 'an empty quoted field', text: '"",x,""\n', records: [['', 'x', '']] },
    { name: 'a quoted field last in the file', text: 'a,"b"', records: [['a', 'b']] },
    { name: 'a quote inside an unquoted field', text: `height,5'11"\n`, records: [['height', `5'11"`]] },
    { name: 'spaces kept', text: ' a , b \n', records: [[' a ', ' b ']] },
    { name: 'semicolons, detected from the header', text: 'name;phone\nLee, Ann;555\n', records: [['name', 'phone'], ['Lee, Ann', '555']] },
    { name: 'tabs, detected from the header', text: 'name\tphone\nAnn\t555\n', records: [['name', 'phone'], ['Ann', '555']] },
    { name: 'a quoted separator does not count in detection', text: '"a;b;c",d\n', records: [['a;b;c', 'd']] },
  ])('reads $name', ({ text, records }) => {
    expect(parseCsv(text)).toEqual(records);
  });

  it('takes the separator it is given over the detected one', () => {
    expect(parseCsv('a;b,c\n', { delimiter: ',' })).toEqual([['a;b', 'c']]);
  });

  it.each([
    { name: 'an unterminated quote', text: 'a,b\n"open,\nmore\n', message: 'line 2: a quoted field is never closed' },
    {
      name: 'text after a closing quote',
      text: 'a\n"x"y\n',
      message: 'line 2: text after the closing quote of a field; quote the whole field and double the quotes inside it',
    },
    {
      name: 'text after a closing quote on a later line of the field',
      text: '"x\ny"z\n',
      message: 'line 2: text after the closing quote of a field; quote the whole field and double the quotes inside it',
    },
  ])('refuses $name, naming the line', ({ text, message }) => {
    expect(() => parseCsv(text)).toThrow(new CsvSyntaxError(message));
    expect(() => parseCsv(text)).toThrow(InvalidInputError);
  });
});

describe('a round trip through toCsv and parseCsv', () => {
  const hostile = [
    'plain',
    '',
    'comma, inside',
    'quote " inside',
    '"starts and ends with quotes"',
    'line\nbreak',
    'crlf\r\nbreak',
    ' spaces around ',
    ';semicolon;',
    '\ttab',
    '=HYPERLINK("http://evil.example")',
    '+SUM(A1)',
    '-cmd',
    '@import',
    'Zoë 🙂 山田',
    '""',
    ',',
    '\n',
  ];

  it('gives back every value exactly with the guard off', () => {
    const rows = hostile.map((value, index) => ({ n: String(index), value }));
    const records = parseCsv(toCsv(['n', 'value'], rows, { formulaGuard: false }));
    expect(records).toEqual([['n', 'value'], ...rows.map(({ n, value }) => [n, value])]);
  });

  it("with the guard on, gives back every value, formulas behind a leading '", () => {
    const rows = hostile.map((value) => ({ value }));
    const values = parseCsv(toCsv(['value'], rows)).slice(1).map(([value]) => value);
    expect(values).toEqual(hostile.map((value) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value)));
  });
});
