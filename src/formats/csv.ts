// CSV as RFC 4180 writes it and as real spreadsheets and other practice systems produce it.
// Pure text in, text out: exports write with toCsv, `client import` reads with parseCsv.
import { InvalidInputError } from '../model/errors.js';
import { formatAmount } from '../model/money.js';

/** A CSV file that cannot be read unambiguously; the message names the line. */
export class CsvSyntaxError extends InvalidInputError {}

export type CsvValue = string | number | boolean | null | undefined;

export interface CsvWriteOptions {
  /**
   * Prefix text that a spreadsheet would run as a formula with `'` (default true). Exports are opened
   * in spreadsheets, and names and notes are text a client may have supplied.
   */
  formulaGuard?: boolean;
  /** Columns whose numbers are money: written with two decimals (`0.10`, `45.00`), as a ledger shows them. */
  money?: ReadonlySet<string>;
}

// RFC 4180 ends records with CRLF, and it is what Excel writes; every CSV reader, ours included,
// accepts it. A field's own line breaks are written as they are, inside quotes.
const RECORD_END = '\r\n';

// Spreadsheets evaluate a cell that starts with one of these (tab and CR because some strip them first).
const FORMULA_START = /^[=+\-@\t\r]/;
// ...but text made only of digits, spaces and arithmetic signs can call no function and name no cell
// or other program, so phone numbers (+49 30 1234-56) and negative amounts stay as they are.
const ARITHMETIC_ONLY = /^[\d\s+\-*/().,]*$/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/**
 * Rows as CSV: a header line of `columns`, then one record per row with the values of those columns in
 * that order. null and undefined are empty; a field is quoted when it holds a comma, a quote, a line
 * break, or spaces at either end (which some readers would trim).
 */
export function toCsv(
  columns: readonly string[],
  rows: readonly Readonly<Record<string, CsvValue>>[],
  { formulaGuard = true, money }: CsvWriteOptions = {},
): string {
  const record = (values: readonly CsvValue[]) => values.map((value) => field(value, formulaGuard)).join(',') + RECORD_END;
  const cell = (row: Readonly<Record<string, CsvValue>>, column: string) => {
    const value = row[column];
    return typeof value === 'number' && money?.has(column) ? formatAmount(value) : value;
  };
  return record(columns) + rows.map((row) => record(columns.map((column) => cell(row, column)))).join('');
}

function field(value: CsvValue, formulaGuard: boolean): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // Only text is guarded: a number the caller passed as a number is not a formula.
  if (formulaGuard && typeof value === 'string' && FORMULA_START.test(text) && !ARITHMETIC_ONLY.test(text)) {
    text = `'${text}`;
  }
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export interface CsvReadOptions {
  /** The field separator; by default the one of `,` `;` and tab that the first line uses most. */
  delimiter?: ',' | ';' | '\t';
}

const DELIMITERS = [',', ';', '\t'] as const;

/**
 * The records of a CSV text, each a list of fields, header included. Reads CRLF, LF and lone CR line
 * ends, a leading byte order mark, quoted fields with separators, doubled quotes and line breaks.
 * A blank line is a record of one empty field, so record n is row n of the same file in a spreadsheet;
 * a line end at the very end adds no record. A quote inside an unquoted field is kept as text
 * (`5'11"`), as hand-written files have them; an unterminated quote, or text after a closing quote,
 * is refused, because either way the reader would have to guess where the field ends.
 */
export function parseCsv(text: string, { delimiter }: CsvReadOptions = {}): string[][] {
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const separator = delimiter ?? detectDelimiter(input);
  const records: string[][] = [];
  let i = 0;
  let line = 1;

  // Consumes the line end at i (CRLF, LF or a lone CR).
  const skipLineEnd = () => {
    i += input[i] === '\r' && input[i + 1] === '\n' ? 2 : 1;
    line++;
  };

  const quotedField = (): string => {
    const openedOn = line;
    let value = '';
    i++;
    for (;;) {
      if (i >= input.length) throw new CsvSyntaxError(`line ${openedOn}: a quoted field is never closed`);
      const char = input[i]!;
      if (char === '"' && input[i + 1] === '"') {
        value += '"';
        i += 2;
      } else if (char === '"') {
        i++;
        break;
      } else if (char === '\r' || char === '\n') {
        const start = i;
        skipLineEnd();
        value += input.slice(start, i);
      } else {
        value += char;
        i++;
      }
    }
    const next = input[i];
    if (next !== undefined && next !== separator && next !== '\r' && next !== '\n') {
      throw new CsvSyntaxError(
        `line ${line}: text after the closing quote of a field; quote the whole field and double the quotes inside it`,
      );
    }
    return value;
  };

  const plainField = (): string => {
    const start = i;
    while (i < input.length && input[i] !== separator && input[i] !== '\r' && input[i] !== '\n') i++;
    return input.slice(start, i);
  };

  while (i < input.length) {
    const fields: string[] = [];
    for (;;) {
      fields.push(input[i] === '"' ? quotedField() : plainField());
      if (input[i] !== separator) break;
      i++;
    }
    records.push(fields);
    if (i < input.length) skipLineEnd();
  }
  return records;
}

// Counted outside quotes on the first line only: that is the header, and other lines may hold notes.
function detectDelimiter(input: string): (typeof DELIMITERS)[number] {
  const counts = new Map<string, number>(DELIMITERS.map((candidate) => [candidate, 0]));
  let quoted = false;
  for (const char of input) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  // The comma wins a tie, as the RFC's separator.
  return DELIMITERS.reduce((best, candidate) => (counts.get(candidate)! > counts.get(best)! ? candidate : best));
}
