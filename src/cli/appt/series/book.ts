// `appt add --repeat`: a recurring series, checked day by day first and then booked in one bulk
// insert, which the service runs in one transaction: all of it is booked, or none of it.
import type { RowOptions } from '../../../core/output.js';
import { ApiError } from '../../../core/api-error.js';
import { InvalidInputError } from '../../../model/errors.js';
import { expandSeries, MAX_OCCURRENCES, parseRepeat, type Repeat, type SeriesEnd } from '../../../model/recurrence.js';
import type { Appointment, AppointmentCreate } from '../../../model/records.js';
import type { Context } from '../../context.js';
import { CommandError, UsageError } from '../../errors.js';
import { countOption, dayOption, parseFlag, practiceTimeZone } from '../../shared/input.js';
import { bookingConcerns, confirmConcerns } from '../shared/concerns.js';
import { byDate, seriesConflicts } from '../shared/series-check.js';
import { COLUMNS } from '../shared/appointment.js';

/** The flags that make `appt add` book a series. */
export interface SeriesFlags {
  repeat?: string;
  count?: string;
  until?: string;
  skipConflicts?: boolean;
  yes?: boolean;
}

export interface SeriesPlan {
  repeat: Repeat;
  end: SeriesEnd;
}

/** The series the flags ask for, checked before any request; undefined without --repeat. */
export async function seriesPlan(ctx: Context, flags: SeriesFlags): Promise<SeriesPlan | undefined> {
  if (flags.repeat === undefined) {
    const stray = flags.count !== undefined ? '--count' : flags.until !== undefined ? '--until' : flags.skipConflicts ? '--skip-conflicts' : null;
    if (stray) throw UsageError.about(stray, (name) => `only with ${name('--repeat')}`);
    return undefined;
  }
  const repeat = parseFlag('--repeat', () => parseRepeat(flags.repeat!));
  if ((flags.count === undefined) === (flags.until === undefined)) throw UsageError.about('--repeat', (name) => `give how long, with ${name('--count')} N or ${name('--until')} DAY (one of them)`);
  if (flags.until !== undefined) return { repeat, end: { until: await dayOption(ctx, '--until', flags.until) } };
  const count = countOption('--count', flags.count!, 1);
  if (count > MAX_OCCURRENCES) throw UsageError.about('--count', () => `a series has at most ${MAX_OCCURRENCES} appointments`);
  return { repeat, end: { count } };
}

/** The day of the series the service named in a refusal, so the person knows which one to move. */
function refusedDay(err: ApiError, dates: readonly string[]): string | undefined {
  const named = /\bon (\d{4}-\d{2}-\d{2})\b/.exec(err.message)?.[1];
  return dates.find((date) => date === named);
}

/** Books `first` and its repeats; `first` is the single booking `appt add` would have made. */
export async function bookSeries(ctx: Context, first: AppointmentCreate, plan: SeriesPlan, flags: SeriesFlags, output: RowOptions): Promise<void> {
  const timeZone = await practiceTimeZone(ctx);
  const { dates, recurrence } = await expandSeries({ ...plan, firstDate: first.date, startTime: first.start_time, timeZone }).catch((err: unknown) => {
    // Too long, or ending before it starts: the flags' mistake, and nothing was sent.
    throw err instanceof InvalidInputError ? UsageError.about('--repeat', () => err.message) : err;
  });
  const series_id = crypto.randomUUID();
  const occurrences = dates.map((date) => ({ ...first, id: crypto.randomUUID(), date, series_id, recurrence }));
  const api = await ctx.api();
  // The client and service once, each day's hours and overlaps: the reads side by side.
  const [concerns, found] = await Promise.all([
    bookingConcerns(ctx, { clientId: first.client_id, serviceId: first.service_id }),
    seriesConflicts(api, occurrences, first.service_id),
  ]);
  await confirmConcerns(ctx, flags.yes, concerns, 'Booking a series', 'Book it anyway?');
  // Hours are advice, as for one booking: --yes books outside them on purpose.
  const conflicts = found.filter((conflict) => conflict.kind === 'overlap' || !flags.yes);
  const blocked = new Set(conflicts.map((conflict) => conflict.date));
  if (conflicts.length > 0 && !flags.skipConflicts) {
    throw new CommandError(
      `${blocked.size} of ${dates.length} days of the series conflict; nothing was booked:\n${byDate(conflicts)}`,
      // --yes is offered only where it would help: an overlap is refused whatever the flags.
      conflicts.some((conflict) => conflict.kind !== 'overlap')
        ? 'Add --skip-conflicts to book the other days, --yes to book outside business hours or in time off anyway, or choose another time.'
        : 'Add --skip-conflicts to book the other days, or choose another time.',
    );
  }
  const booking = occurrences.filter((occurrence) => !blocked.has(occurrence.date));
  if (booking.length === 0) throw new CommandError(`Every day of the series conflicts; nothing was booked:\n${byDate(conflicts)}`);
  let created: Appointment[];
  try {
    created = await api.insert<Appointment>('appointments', booking);
  } catch (err) {
    // Someone booked in between the check and the insert: the database refused the whole request.
    if (!(err instanceof ApiError) || err.status !== 409) throw err;
    const day = refusedDay(err, booking.map((occurrence) => occurrence.date));
    throw new CommandError(`The service refused the series${day ? ` on ${day}` : ''}: ${err.message}; nothing was booked.`, err.hint);
  }
  if (conflicts.length > 0) ctx.out.warn(`Skipped ${blocked.size} conflicting days:\n${byDate(conflicts)}`);
  const [firstBooked, lastBooked] = [created[0]!, created.at(-1)!];
  ctx.out.success(`Booked ${created.length} appointments for ${firstBooked.client_name ?? 'the client'}, ${firstBooked.date} to ${lastBooked.date} at ${first.start_time} (series ${series_id.slice(0, 8)})`);
  if (output.json || output.format) await ctx.out.rows(created, COLUMNS, output);
  else ctx.out.print(created.map((row) => row.id).join('\n'));
}

