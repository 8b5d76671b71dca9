// The service's own record of who read clinical notes (sessions), which the database's triggers
// cannot see: a read (or rpc call) whose answer holds notes runs wrapped in a statement that also
// hands that answer to public.audit_note_read (migration 19), which appends one audit row per client
// whose notes it held, naming the note ids, the query and the channel. docs/audit.md.
import type { Statement } from '../db/database.js';
import type { Plan } from '../rest/plan.js';
import type { EmbedPlan, Shape } from '../rest/plan-shape.js';
import type { PreparedRequest } from '../rest/prepared-reads.js';

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

/**
 * The prepared request, its statement made to record the notes its answer holds in the same
 * statement: the answer's body goes to public.audit_note_read with the paths of its notes (null for
 * CSV, whose rows are not read back) and the query string. A request whose answer holds no notes is
 * returned as it was. The service key's reads are not recorded (the function sees no user).
 */
export function recordingNoteReads(prepared: PreparedRequest, search: string): PreparedRequest {
  const { plan, statement } = prepared;
  if (!answers(plan)) return prepared;
  const paths = jsonPaths(plan);
  if (paths.length === 0) return prepared;
  const n = statement.values.length;
  const recorded: Statement = {
    text: `select pgrst_answer.*, public.audit_note_read(pgrst_answer.body, $${n + 1}::jsonb, $${n + 2}) as audit_recorded ` +
      `from (${statement.text}) pgrst_answer`,
    values: [...statement.values, plan.csv ? null : JSON.stringify(paths), search],
  };
  return { ...prepared, statement: recorded };
}
