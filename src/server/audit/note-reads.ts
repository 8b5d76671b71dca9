// The service's own record of who read clinical notes (sessions), which the database's triggers
// cannot see: after a read whose answer holds notes, one audit row per client whose notes it held,
// naming the note ids, the query and the channel (X-Client-Info). docs/audit.md.
import type { Database } from '../db/database.js';
import type { Plan } from '../rest/plan.js';
import type { EmbedPlan, Shape } from '../rest/plan-shape.js';
import type { Identity } from '../auth/verify.js';
import type { ResultRow } from '../rest/sql.js';

const NOTES = 'sessions';

// Its own transaction (the read's was read-only), committed without waiting for the WAL flush:
// waiting doubled a read's time on PostgreSQL (bench/audit). A crash of PostgreSQL may lose the
// records of the last fraction of a second of reads, whole, never part of the chain.
const RECORD = `select set_config('synchronous_commit', 'off', true),
  practice_private.audit_access($1, $2, $3, $4, 'sessions', 'read', $5::text[], $6::uuid[], $7::jsonb)`;

type Json = Record<string, unknown>;

/** What of a REST request the record needs (rest/handle.ts's RestRequest has it). */
interface NotesRequest {
  identity: Identity;
  headers: Record<string, string | string[] | undefined>;
  /** The raw query string. */
  search: string;
}

/** The embeds along which notes sit in a row, by their keys; [] when the answer holds none. */
function notePaths(shape: Shape): string[][] {
  return shape.embeds.flatMap((embed: EmbedPlan) => [
    ...(embed.table.name === NOTES ? [[embed.name]] : []),
    ...notePaths(embed).map((path) => [embed.name, ...path]),
  ]);
}

/** Every note object at `path` below `rows` (an embed is an object or an array of them). */
function notesAt(rows: unknown, path: string[]): Json[] {
  const list = (Array.isArray(rows) ? rows : [rows]).filter((row): row is Json => row !== null && typeof row === 'object');
  if (path.length === 0) return list;
  const [key, ...rest] = path;
  return list.flatMap((row) => notesAt(row[key!], rest));
}

function notesIn(plan: Plan, body: string): Json[] {
  if (plan.kind !== 'read') return [];
  const paths = [...(plan.table.name === NOTES ? [[]] : []), ...notePaths(plan.shape)];
  if (paths.length === 0) return [];
  const rows: unknown = JSON.parse(body);
  return paths.flatMap((path) => notesAt(rows, path));
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * Records a user's read whose answer holds notes. A note the select left without its id or
 * client_id is still counted, under no id or no client. CSV answers and the service key's reads
 * (administration, no practice of its own) are not recorded.
 */
export async function recordNoteReads(db: Database, plan: Plan, request: NotesRequest, row: ResultRow): Promise<void> {
  const { userId, role } = request.identity;
  if (plan.kind !== 'read' || plan.csv || userId === null || row.body === null) return;
  const notes = notesIn(plan, row.body);
  if (notes.length === 0) return;
  const clientInfo = request.headers['x-client-info'];
  await db.query(RECORD, [
    userId, userId, role, typeof clientInfo === 'string' ? clientInfo : null,
    notes.map((note) => text(note.id)), notes.map((note) => text(note.client_id)),
    JSON.stringify({ query: request.search }),
  ]);
}
