// Printing what a command produced: an aligned table on a terminal, tab-separated lines when piped,
// or JSON / NDJSON / CSV on request. Data goes to stdout; notes, warnings and progress to stderr.
import type { Writable } from 'node:stream';
import type { Palette } from './color.js';

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

export type RowFormat = 'csv' | 'ndjson';

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

/** TSV stays one record a line: tabs, newlines and backslashes are escaped as PostgreSQL's COPY does. */
const tsvCell = (text: string) => text.replace(/[\\\t\n\r]/g, (ch) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[ch]!);

/** RFC 4180: quoted when it holds a comma, quote or line break, quotes doubled. */
const csvCell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

function pick(row: object, fields: string[] | null): Record<string, unknown> {
  if (fields === null) return row as Record<string, unknown>;
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

export class Output {
  /** `color` styles stdout, `noteColor` stderr: each is decided for its own stream. */
  constructor(private readonly io: OutputStreams, readonly color: Palette, readonly noteColor: Palette) {}

  /**
   * Prints rows: `--format csv|ndjson` or `--json` (all fields, or those named) as asked; else a
   * table on a terminal and TSV when piped, with the command's columns. No rows: a note on a terminal.
   */
  async rows<Row extends object>(rows: readonly Row[], columns: readonly Column<Row>[], options: RowOptions = {}, none = 'No results.'): Promise<void> {
    const fields = Array.isArray(options.json) ? options.json : null;
    if (options.format === 'ndjson') {
      for (const row of rows) this.io.stdout.write(`${JSON.stringify(pick(row, fields))}\n`);
    } else if (options.format === 'csv') {
      this.csv(rows.map((row) => pick(row, fields)), fields ?? columns.map((column) => column.key));
    } else if (options.json) {
      this.json(rows.map((row) => pick(row, fields)));
    } else if (rows.length === 0) {
      if (this.io.stderr.isTTY) this.note(none);
    } else {
      const cells = rows.map((row) => columns.map((column) => {
        const value = row[column.key];
        return column.format ? (column.format as (value: unknown, row: Row) => string)(value, row) : cellText(value);
      }));
      if (this.io.stdout.isTTY) await this.table(columns.map((column) => column.header ?? column.key.toUpperCase()), cells);
      else for (const line of cells) this.io.stdout.write(`${line.map(tsvCell).join('\t')}\n`);
    }
  }

  /** One value as JSON, indented: what `--json` prints. */
  json(value: unknown): void {
    this.io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  }

  /** Plain text the user asked for (stdout). */
  print(text: string): void {
    this.io.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  }

  /** What happened, for the person at the terminal (stderr). */
  note(message: string): void {
    this.io.stderr.write(`${message}\n`);
  }

  success(message: string): void {
    this.io.stderr.write(`${this.noteColor.green('✓')} ${message}\n`);
  }

  warn(message: string): void {
    this.io.stderr.write(`${this.noteColor.yellow('!')} ${message}\n`);
  }

  private csv(records: Record<string, unknown>[], fields: string[]): void {
    const keys = records.length > 0 && fields.length === 0 ? Object.keys(records[0]!) : fields;
    this.io.stdout.write(`${keys.map(csvCell).join(',')}\r\n`);
    for (const record of records) this.io.stdout.write(`${keys.map((key) => csvCell(cellText(record[key]))).join(',')}\r\n`);
  }

  private async table(headers: string[], cells: string[][]): Promise<void> {
    const { default: Table } = await import('cli-table3');
    const natural = headers.map((header, i) => Math.max(header.length, ...cells.map((line) => line[i]!.length)));
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
