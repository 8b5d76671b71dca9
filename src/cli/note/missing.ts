// `practice note missing`: the paperwork that is due: completed appointments with no note, and notes
// still unsigned after --older-than. Exit 1 when there are any, so cron can mail about them. The
// database answers (`missing_notes`, migration 12); this presents it.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { Column, RowOptions } from '../../core/output.js';
import { shortId } from '../../model/short-id.js';
import { parseAgeHours } from '../../reports/age.js';
import type { Context } from '../context.js';
import { ExitCode, SilentExit } from '../errors.js';
import { readAnswer } from '../shared/answers.js';
import { dayOption, parseFlag } from '../shared/input.js';

interface MissingOptions extends RowOptions {
  since: string;
  olderThan: string;
}

/** A row of missing_notes: a completed appointment with no note, or a note unsigned past its time. */
interface MissingRow {
  kind: 'no_note' | 'unsigned';
  /** The appointment's day, or the day the note was written (UTC, as stored). */
  date: string;
  client: string;
  client_id: string;
  appointment_id: string | null;
  note_id: string | null;
}

const FIELDS = ['kind', 'date', 'client', 'client_id', 'appointment_id', 'note_id'];
const COLUMNS: Column<MissingRow>[] = [
  { key: 'kind', format: (kind) => (kind === 'no_note' ? 'no note' : 'unsigned') },
  { key: 'date' },
  { key: 'client' },
  { key: 'appointment_id', header: 'APPOINTMENT', format: (id) => (id ? shortId(id) : '') },
  { key: 'note_id', header: 'NOTE', format: (id) => (id ? shortId(id) : '') },
];
const HOUR_MS = 60 * 60 * 1000;

export function missingCommand(ctx: Context): Command {
  const command = new Command('missing')
    .description('Completed appointments with no note, and unsigned notes past their time; exit 1 when any')
    .addHelpText('before', `Examples:
  $ practice note missing
  $ practice note missing --since 2026-11-01 --older-than 1d
  $ practice note missing --json | jq length
  $ practice note missing > /dev/null || echo "notes are due" | mail -s "notes due" me   # in cron
`)
    .option('--since <day>', 'appointments on or after this day, notes written on or after it', '-30d')
    .option('--older-than <age>', 'an unsigned note is due once it is this old: 36h, 2d, 1w', '2d')
    .action((options: MissingOptions) => runMissing(options, ctx));
  command.addHelpText('after', '\nExit codes: 0 nothing is missing, 1 something is (the rows say what) or the check failed (stderr says why),\n2 invalid usage, 4 not signed in.');
  return addOutputFlags(command, FIELDS);
}

async function runMissing(options: MissingOptions, ctx: Context): Promise<void> {
  const since = await dayOption(ctx, '--since', options.since);
  const hours = parseFlag('--older-than', () => parseAgeHours(options.olderThan));
  const today = await dayOption(ctx, 'today', 'today');
  const unsignedBefore = new Date(ctx.now().getTime() - hours * HOUR_MS).toISOString();
  const rows = await readAnswer<MissingRow>(await ctx.api(), 'missing_notes', { since, today, unsigned_before: unsignedBefore });
  await ctx.out.rows(rows, COLUMNS, options, 'No notes are missing.');
  if (rows.length > 0) throw new SilentExit(ExitCode.failure);
}
