// The service's own record of who read clinical notes (sessions), which the database's triggers
// cannot see: a read (or rpc call) whose answer holds notes records them in the same statement, in
// public.audit_note_read (migrations 19, 24 and 26), which appends one audit row per client whose notes
// it held, naming the note ids, the query and the channel. docs/audit.md.
import type { Statement } from '../db/database.js';
import type { Plan, ReadPlan } from '../rest/plan.js';
import { outputNames, type EmbedPlan, type Shape } from '../rest/plan-shape.js';
import type { PreparedRequest } from '../rest/prepared-reads.js';
import { hiddenColumn, readSql, type PageAggregate } from '../rest/sql.js';

const NOTES = 'sessions';

type AnswerPlan = Extract<Plan, { kind: 'read' | 'call' }>;

/** The embeds along which notes sit in a row, by their keys; [] when the answer holds none. */
function notePaths(shape: Shape): string[][] {
  return shape.embeds.flatMap((embed: EmbedPlan) => [
    ...(embed.table.name === NOTES ? [[embed.name]] : []),
    ...notePaths(embed).map((path) => [embed.name, ...path]),
  ]);
}

/** Where the notes of an answer are, as SQL/JSON paths (lax: an embedded object reads as a list of one). */
function jsonPaths(plan: AnswerPlan): string[] {
  const paths = [...(plan.table.name === NOTES ? [[]] : []), ...notePaths(plan.shape)];
  return paths.map((path) => `$[*]${path.map((key) => `.${JSON.stringify(key)}[*]`).join('')}`);
}

const answers = (plan: Plan): plan is AnswerPlan => plan.kind === 'read' || plan.kind === 'call';

/** Whether the request's answer holds notes, and its transaction must therefore write the record. */
export function readsNotes(plan: Plan): boolean {
  return answers(plan) && jsonPaths(plan).length > 0;
}

/** Whether exactly one of the answer's keys is `key`, and it shows the page's column of that name as it is (no cast). */
function showsOwnColumn(shape: Shape, key: string): boolean {
  if (outputNames(shape).filter((name) => name === key).length !== 1) return false;
  const projection = shape.projections.find((p) => p.alias === key);
  return projection?.column?.name === key && projection.cast === null;
}

/**
 * How a read whose only notes are its page's own rows (JSON or CSV, not one object) hands its record
 * the ids and clients of the rows it read, without the answer being parsed again: over the answer's
 * rows (`_t`) when it shows both as those columns, otherwise carried along the page beside them, so
 * a note selected without its id or client is still recorded as itself. Null for any other read
 * (embedded notes, one object, no body, or keys the page could not carry beside): its notes are
 * found in the answer.
 */
function ownRowsRecord(plan: ReadPlan, search: string): PageAggregate | null {
  if (!plan.withBody || plan.single || plan.table.name !== NOTES || notePaths(plan.shape).length > 0) return null;
  const shown = !plan.csv && showsOwnColumn(plan.shape, 'id') && showsOwnColumn(plan.shape, 'client_id');
  const names = outputNames(plan.shape);
  if (!shown && new Set(names).size !== names.length) return null;
  const [id, client] = shown ? ['_t."id"', '_t."client_id"'] : [hiddenColumn('id'), hiddenColumn('client_id')];
  return {
    hidden: shown ? [] : ['id', 'client_id'],
    select: (params) => `public.audit_note_read(null, null, ${params.add(search)}, array_agg(${id}::text), array_agg(${client}), ` +
      `${plan.csv ? `'csv'` : 'null'}) as audit_recorded`,
  };
}

/**
 * The prepared request, its statement made to record the notes its answer holds in the same
 * statement. A read whose notes are its own rows aggregates their ids as it reads (ownRowsRecord);
 * otherwise the answer's body goes to public.audit_note_read with the paths of its notes (null for
 * CSV, whose rows are not read back: its notes are embedded) and the query string. A request whose answer holds no notes is
 * returned as it was. The service key's reads are not recorded (the function sees no user).
 */
export function recordingNoteReads(prepared: PreparedRequest, search: string): PreparedRequest {
  const { plan, statement } = prepared;
  if (!answers(plan)) return prepared;
  const paths = jsonPaths(plan);
  if (paths.length === 0) return prepared;
  if (plan.kind === 'read') {
    const ownRows = ownRowsRecord(plan, search);
    if (ownRows) return { ...prepared, statement: readSql(plan, ownRows) };
  }
  const n = statement.values.length;
  const recorded: Statement = {
    text: `select pgrst_answer.*, public.audit_note_read(pgrst_answer.body, $${n + 1}::jsonb, $${n + 2}) as audit_recorded ` +
      `from (${statement.text}) pgrst_answer`,
    values: [...statement.values, plan.csv ? null : JSON.stringify(paths), search],
  };
  return { ...prepared, statement: recorded };
}
