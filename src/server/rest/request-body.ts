// The body of a POST, PATCH or PUT, read by its Content-Type as PostgREST's Payload.hs reads it:
// JSON; CSV (a header line, then rows; the text NULL is null, every other value a string the
// column's type parses); or a form (`a=1&b=2`, one object of strings). Anything else is refused.
import { CsvSyntaxError, parseCsv } from '../../formats/csv.js';
import { failures } from '../errors.js';
import { parseJsonBody } from '../http/json-body.js';

function csvRows(text: string): Record<string, string | null>[] {
  let records: string[][];
  try {
    records = parseCsv(text, { delimiter: ',' });
  } catch (err) {
    if (err instanceof CsvSyntaxError) throw failures.invalidBody(err.message);
    throw err;
  }
  // A blank line at the end is the file's last line end, not a row.
  while (records.length > 1 && records.at(-1)!.length === 1 && records.at(-1)![0] === '') records.pop();
  const [header, ...rows] = records;
  if (header === undefined) throw failures.invalidBody('Empty CSV: a header line naming the columns is needed');
  if (rows.some((row) => row.length !== header.length)) throw failures.invalidBody('All lines must have same number of fields');
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] === 'NULL' ? null : row[i]!])));
}

// Runs of %-escapes: each must decode as UTF-8, where URLSearchParams would put U+FFFD in silently.
const ESCAPE_RUNS = /(?:%[0-9a-f]{2})+/gi;

function assertEscapesAreUtf8(form: string): void {
  for (const run of form.match(ESCAPE_RUNS) ?? []) {
    try {
      decodeURIComponent(run);
    } catch {
      throw failures.notUtf8();
    }
  }
}

/** The media type of a Content-Type, lower case and without parameters; absent, JSON (PostgREST's default). */
export function mediaOf(contentType: string | undefined): string {
  return (contentType ?? 'application/json').split(';')[0]!.trim().toLowerCase();
}

const PARSERS = {
  'application/json': (text: string) => parseJsonBody(text, () => failures.invalidBody('Empty or invalid json')),
  'text/csv': csvRows,
  // The last of a repeated key wins, as PostgREST's HashMap.fromList keeps it.
  'application/x-www-form-urlencoded': (text: string) => {
    assertEscapesAreUtf8(text);
    return Object.fromEntries(new URLSearchParams(text));
  },
} satisfies Record<string, (text: string) => unknown>;

/** A media type a body is parsed from. */
export type BodyMedia = keyof typeof PARSERS;

export const isBodyMedia = (media: string): media is BodyMedia => Object.hasOwn(PARSERS, media);

export function parseRequestBody(text: string | undefined, contentType: string | undefined): unknown {
  const media = mediaOf(contentType);
  if (!isBodyMedia(media)) throw failures.contentTypeNotAcceptable(media);
  return PARSERS[media](text ?? '');
}
