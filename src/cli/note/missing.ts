// `practice note missing`: the paperwork that is due: completed appointments with no note, and notes
// still unsigned after --older-than. Exit 1 when there are any, so cron can mail about them.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { Column, RowOptions } from '../../core/output.js';
import { query } from '../../core/query-builder.js';
import type { Client } from '../../model/records.js';
import { shortId } from '../../model/short-id.js';
import { parseAgeHours } from '../../reports/age.js';
import { type CompletedAppointment, type MissingRow, missingNotes, type NoteIn } from '../../reports/missing-notes.js';
import type { Context } from '../context.js';
import { ExitCode, SilentExit } from '../errors.js';
import { dayOption, parseFlag } from '../shared/input.js';
import { readRanged } from '../shared/read-ranged.js';

interface MissingOptions extends RowOptions {
  since: string;
  olderThan: string;
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
  const api = await ctx.api();
  const completed = query<CompletedAppointment & { status: string }>().select(['id', 'date', 'start_time', 'client_id', 'client_name'])
    .eq('status', 'completed').gte('date', since).lte('date', today);
  // Every note: one written before --since may belong to an appointment after it.
  const written = query<NoteIn>().select(['id', 'appointment_id', 'client_id', 'signed_at', 'created_at']);
  const [appointments, allNotes] = await Promise.all([
    readRanged<CompletedAppointment>(api, 'appointments', completed),
    readRanged<NoteIn>(api, 'sessions', written),
  ]);
  const notes = allNotes.filter((note) => note.appointment_id !== null || note.created_at.slice(0, 10) >= since);
  const clientNames = new Map(appointments.map((appointment) => [appointment.client_id, appointment.client_name ?? appointment.client_id]));
  const unsignedBefore = new Date(ctx.now().getTime() - hours * HOUR_MS).toISOString();
  const rows = missingNotes({ appointments, notes, unsignedBefore, clientNames });
  // Notes carry only the client's id: the names of those not met among the appointments, in one read.
  const unnamed = [...new Set(rows.filter((row) => !clientNames.has(row.client_id)).map((row) => row.client_id))];
  if (unnamed.length > 0) {
    const clients = await readRanged<Pick<Client, 'id' | 'name'>>(api, 'clients', query<Client>().select(['id', 'name']).in('id', unnamed));
    const names = new Map(clients.map((client) => [client.id, client.name]));
    for (const row of rows) row.client = names.get(row.client_id) ?? row.client;
  }
  await ctx.out.rows(rows, COLUMNS, options, 'No notes are missing.');
  if (rows.length > 0) throw new SilentExit(ExitCode.failure);
}
