// `appt reschedule ID --following | --series`: the named appointment's move, applied to each one the
// scope reaches: by as many days as the named one moves and, when --start is given, to its
// new clock time, each keeping its own length unless --end gives a new one (one moved on its own
// before goes to the new time too). A shift that would carry one appointment past the next one's
// day, or across midnight, has no clear meaning and is refused. All rows go in one request (an
// upsert by id), so they move together or not at all.
import type { RowOptions } from '../../../core/output.js';
import { query } from '../../../core/query-builder.js';
import { endedRule, movedRule } from '../../../model/recurrence.js';
import { addDays, addMinutes, daysBetween, MINUTES_PER_DAY, minutesOfDay } from '../../../model/when.js';
import type { Context } from '../../context.js';
import { CommandError, UsageError } from '../../errors.js';
import { reportChangedRows } from '../../shared/report.js';
import { byDate, seriesConflicts } from '../shared/series-check.js';
import { type ScopeOptions, seriesScope } from './scope.js';
import type { Appointment } from '../../../model/records.js';
import { clock, COLUMNS } from '../shared/appointment.js';

/** Where the named appointment goes, and whether --end set a new length. */
export interface NamedMove {
  date: string;
  start_time: string;
  end_time: string;
  /** Whether --start named a clock time for all; without it each keeps its own. */
  startGiven: boolean;
  endGiven: boolean;
}

// Every column a row is stored with: the upsert inserts a whole row when the id is not found, and
// the same whole row is what it writes when it is.
const STORED = ['id', 'date', 'start_time', 'end_time', 'client_id', 'client_name', 'service_id', 'status', 'notes', 'price', 'buffer_minutes', 'series_id', 'recurrence'] as const;

export async function rescheduleSeries(ctx: Context, named: Appointment, move: NamedMove, options: ScopeOptions & RowOptions & { yes?: boolean }): Promise<void> {
  const reached = await seriesScope(ctx, named, options);
  const dayShift = daysBetween(named.date, move.date);
  const gaps = reached.slice(1).map((row, index) => daysBetween(reached[index]!.date, row.date));
  if (gaps.length > 0 && Math.abs(dayShift) >= Math.min(...gaps)) {
    throw UsageError.about('--date', (name) => `moving by ${Math.abs(dayShift)} days would carry an appointment onto or past the next one of the series (${Math.min(...gaps)} days apart); cancel them with ${name('--following')} and book a new series instead.`);
  }
  const length = minutesOfDay(move.end_time) - minutesOfDay(move.start_time);
  const moved = reached.map((row) => {
    const start_time = move.startGiven ? move.start_time : clock(row.start_time);
    const minutes = move.endGiven ? length : minutesOfDay(clock(row.end_time)) - minutesOfDay(clock(row.start_time));
    if (minutesOfDay(start_time) + minutes >= MINUTES_PER_DAY) throw UsageError.about('--start', () => `the appointment of ${row.date} would cross midnight; move it on its own.`);
    return { ...row, date: addDays(row.date, dayShift), start_time, end_time: addMinutes(start_time, minutes) };
  });
  const { before, passed } = await seriesParts(ctx, named, reached);
  // Starting after the series' first appointment splits it there: the part from there on is a series of its own.
  const series_id = before.length > 0 ? crypto.randomUUID() : named.series_id!;
  // Its rule counts the held, cancelled or missed ones it passes too: they stay where they are, in it.
  const recurrence = named.recurrence ? movedRule(named.recurrence, moved[0]!.date, moved[0]!.start_time, moved.length + passed.length) : null;
  const rows = [...moved, ...passed].map((row) => ({ ...Object.fromEntries(STORED.map((column) => [column, row[column as keyof Appointment] ?? null])), series_id, recurrence }));

  const api = await ctx.api();
  const conflicts = (await seriesConflicts(api, moved, named.service_id, new Set(reached.map((row) => row.id))))
    .filter((conflict) => conflict.kind === 'overlap' || !options.yes);
  if (conflicts.length > 0) {
    throw new CommandError(
      `${new Set(conflicts.map((conflict) => conflict.date)).size} of ${moved.length} new days conflict; nothing was moved:\n${byDate(conflicts)}`,
      'Choose another time, or --yes to move outside business hours anyway.',
    );
  }
  const response = await api.request({
    method: 'POST', path: '/rest/v1/appointments', body: rows, idempotent: true,
    headers: { prefer: 'return=representation,resolution=merge-duplicates' },
  });
  // The part that stays keeps its rule, ended where it now ends (`appt show` describes it as it is).
  const staying = before[0]?.recurrence;
  if (staying) {
    await api.update<Appointment>('appointments', query<Appointment>().eq('series_id', named.series_id!), { recurrence: endedRule(staying, before.length) });
  }
  const stored = response.json<Appointment[]>().filter((row) => reached.some((one) => one.id === row.id));
  const to = move.startGiven ? ` to ${move.start_time}` : '';
  await reportChangedRows(ctx, `Moved ${stored.length} appointment${stored.length === 1 ? '' : 's'} of the series by ${dayShift} days${to}, ${stored[0]!.date} to ${stored.at(-1)!.date}.`, stored, COLUMNS, options);
}

/**
 * The series around the move, split where it starts (--following from a later one, --series once
 * some have happened): the rows before that stay as they are, and the ones from there on that it
 * does not move (held, cancelled, missed), which go with the part that moves. No row before: the
 * whole series moves and stays one.
 */
async function seriesParts(ctx: Context, named: Appointment, reached: Appointment[]): Promise<{ before: Appointment[]; passed: Appointment[] }> {
  const members = await (await ctx.api()).select<Appointment>('appointments',
    query<Appointment>().eq('series_id', named.series_id!).order('date').order('start_time'));
  const startOf = (row: Appointment) => `${row.date} ${clock(row.start_time)}`;
  const from = startOf(reached[0]!);
  return {
    before: members.filter((row) => startOf(row) < from),
    passed: members.filter((row) => startOf(row) >= from && !reached.some((one) => one.id === row.id)),
  };
}
