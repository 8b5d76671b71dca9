// Printing what a command produced: an aligned table on a terminal, tab-separated lines when piped,
// or JSON / NDJSON / CSV on request. Data goes to stdout; notes, warnings and progress to stderr.
import type { Writable } from 'node:stream';
import { toCsv } from '../formats/csv.js';
import { MONEY_FIELDS } from '../model/money.js';
import type { Palette } from './color.js';
import { displayWidth } from './display-width.js';
import { visibleText } from './visible-text.js';

type Key<Row> = Extract<keyof Row, string>;

/** A column of the table/TSV view: which field, its heading, and how its value reads. */
export type Column<Row> = {
  [K in Key<Row>]: {
    key: K;
    /** The table heading; the key in capitals by default. */
    header?: string;
    /** How the value reads in the table and TSV (JSON and CSV always carry the raw value). */
    format?: (value: Row[K], row: Row) => string;
  };
}[Key<Row>];

type RowFormat = 'csv' | 'ndjson';

/** What `--json [fields]` and `--format` asked for (see output-flags.ts). */
export interface RowOptions {
  json?: true | string[] | undefined;
  format?: RowFormat | undefined;
}

export interface OutputStreams {
  stdout: Writable & { isTTY?: boolean; columns?: number };
  stderr: Writable & { isTTY?: boolean };
}

const COLUMN_GAP = 2;
const MIN_COLUMN = 8;

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * TSV stays one record a line and shows no control character raw: backslashes doubled, then tabs,
 * newlines and other control characters escaped, as PostgreSQL's COPY text format writes them.
 */
const tsvCell = (text: string) => visibleText(text.replaceAll('\\', '\\\\'));

/** A CSV cell: numbers and booleans as they are (no formula guard needed), objects as JSON text. */
const csvValue = (value: unknown) => (typeof value === 'number' || typeof value === 'boolean' ? value : value === null || value === undefined ? null : cellText(value));

function pick(row: object, fields: string[]): Record<string, unknown> {
  const record = row as Record<string, unknown>;
  return Object.fromEntries(fields.map((field) => [field, record[field] ?? null]));
}

/** Narrows the widest columns until the table fits the terminal; the last column needs no gap. */
function fitWidths(natural: number[], available: number): number[] {
  const widths = [...natural];
  const total = () => widths.reduce((sum, width) => sum + width, 0) + COLUMN_GAP * (widths.length - 1);
  while (total() > available) {
    const widest = widths.indexOf(Math.max(...widths));
    if (widths[widest]! <= MIN_COLUMN) break;
    widths[widest]! -= 1;
  }
  return widths;
}

/** Items of a JSON array per write (bench/lists: 250 was a few ms faster than one write of 6,000). */
const JSON_ITEMS_PER_WRITE = 250;

export class Output {
  /** `color` styles stdout, `noteColor` stderr: each is decided for its own stream. */
  constructor(private readonly io: OutputStreams, readonly color: Palette, readonly noteColor: Palette) {}

  /**
   * Prints rows: `--format csv|ndjson` or `--json` (all fields, or those named) as asked; else a
   * table on a terminal and TSV when piped, with the command's columns. No rows: a note on a terminal.
   * --json prints an array, even of one row: this is what list commands print.
   */
  async rows<Row extends object>(rows: readonly Row[], columns: readonly Column<Row>[], options: RowOptions = {}, none = 'No results.'): Promise<void> {
    if (this.structured(rows, columns, options, 'list')) return;
    if (rows.length === 0) {
      if (this.io.stderr.isTTY) this.note(none);
      return;
    }
    const cells = rows.map((row) => columns.map((column) => {
      const value = row[column.key];
      return column.format ? (column.format as (value: unknown, row: Row) => string)(value, row) : cellText(value);
    }));
    if (this.io.stdout.isTTY) await this.table(columns.map((column) => column.header ?? column.key.toUpperCase()), cells.map((line) => line.map((cell) => visibleText(cell))));
    else for (const line of cells) this.io.stdout.write(`${line.map(tsvCell).join('\t')}\n`);
  }

  /**
   * Prints the one record a command is about (a show, a create, an update): --json one object (all
   * fields, or those named), --format ndjson one line, csv a header and one row; else as rows() does.
   */
  async record<Row extends object>(row: Row, columns: readonly Column<Row>[], options: RowOptions = {}): Promise<void> {
    if (!this.structured([row], columns, options, 'record')) await this.rows([row], columns);
  }

  /**
   * One value as JSON, indented: what `--json` prints. A long array goes out in pieces, so a reader
   * on a pipe takes one while the next is made, and no one string holds every row (bench/lists).
   * JSON.stringify indents an array's items alike however many there are, so the pieces, their
   * brackets cut off, join into exactly the text of the whole.
   */
  json(value: unknown): void {
    if (!Array.isArray(value) || value.length <= JSON_ITEMS_PER_WRITE) {
      this.io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
      return;
    }
    for (let start = 0; start < value.length; start += JSON_ITEMS_PER_WRITE) {
      const piece = JSON.stringify(value.slice(start, start + JSON_ITEMS_PER_WRITE), null, 2);
      this.io.stdout.write(`${start === 0 ? '[\n' : ',\n'}${piece.slice(2, -2)}`);
    }
    this.io.stdout.write('\n]\n');
  }

  /** Plain text the user asked for (stdout). */
  print(text: string): void {
    this.io.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  }

  /** What happened, for the person at the terminal (stderr). Messages quote data, so controls are escaped. */
  note(message: string): void {
    this.io.stderr.write(`${visibleText(message, '\n')}\n`);
  }

  success(message: string): void {
    this.io.stderr.write(`${this.noteColor.green('✓')} ${visibleText(message, '\n')}\n`);
  }

  warn(message: string): void {
    this.io.stderr.write(`${this.noteColor.yellow('!')} ${visibleText(message, '\n')}\n`);
  }

  /** --format and --json: true when they asked for something and it was printed. */
  private structured<Row extends object>(rows: readonly Row[], columns: readonly Column<Row>[], options: RowOptions, shape: 'list' | 'record'): boolean {
    const fields = Array.isArray(options.json) ? options.json : null;
    // All fields: the rows as they are, not a copy of 6,000 of them (bench/lists).
    const records = fields === null ? (rows as readonly Record<string, unknown>[]) : rows.map((row) => pick(row, fields));
    if (options.format === 'ndjson') for (const record of records) this.io.stdout.write(`${JSON.stringify(record)}\n`);
    else if (options.format === 'csv') this.csv(records, fields ?? columns.map((column) => column.key), fields !== null);
    else if (options.json) this.json(shape === 'record' ? records[0] : records);
    else return false;
    return true;
  }

  /**
   * Through the one CSV writer (src/formats/csv.ts), so every CSV the CLI prints has the formula guard
   * and money with two decimals. `named`: the fields --json named, printed as asked; otherwise the
   * command's columns, led by the id when the records have one, so a script can act on a row.
   */
  private csv(records: readonly Record<string, unknown>[], fields: string[], named: boolean): void {
    let keys = records.length > 0 && fields.length === 0 ? Object.keys(records[0]!) : fields;
    if (!named && !keys.includes('id') && records.some((record) => 'id' in record)) keys = ['id', ...keys];
    this.io.stdout.write(toCsv(keys, records.map((record) => Object.fromEntries(keys.map((key) => [key, csvValue(record[key])]))), { money: MONEY_FIELDS }));
  }

  private async table(headers: string[], cells: string[][]): Promise<void> {
    const { default: Table } = await import('cli-table3');
    const natural = headers.map((header, i) => Math.max(displayWidth(header), ...cells.map((line) => displayWidth(line[i]!))));
    const widths = fitWidths(natural, this.io.stdout.columns ?? 80);
    const chars = Object.fromEntries(
      ['top', 'top-mid', 'top-left', 'top-right', 'bottom', 'bottom-mid', 'bottom-left', 'bottom-right',
        'left', 'left-mid', 'mid', 'mid-mid', 'right', 'right-mid', 'middle'].map((name) => [name, '']),
    );
    const table = new Table({
      head: headers.map((header) => this.color.bold(header)),
      chars,
      colWidths: widths.map((width) => width + COLUMN_GAP),
      style: { head: [], border: [], 'padding-left': 0, 'padding-right': COLUMN_GAP },
      wordWrap: false,
      truncate: '…',
    });
    table.push(...cells);
    this.io.stdout.write(`${table.toString().split('\n').map((line) => line.trimEnd()).join('\n')}\n`);
  }
}
