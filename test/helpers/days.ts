// Days for tests that book: counted from today, so that no test runs out of future (fixed dates did:
// appointments on 2026-12-01 became past visits, refused without --status completed, that morning).

/** `day` (YYYY-MM-DD) plus `n` days. */
export function plusDays(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/** `day` plus `n` months, on the same day of the month: `day` is the 28th or before, which every month has. */
export function plusMonths(day: string, n: number): string {
  if (Number(day.slice(8)) > 28) throw new Error(`plusMonths: ${day} is past the 28th, which not every month has`);
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + n);
  return date.toISOString().slice(0, 10);
}

/** The day `days` after today (UTC). */
export function daysAhead(days: number): string {
  return plusDays(new Date().toISOString().slice(0, 10), days);
}

/** The first `weekday` (0 Sunday ... 6 Saturday) on or after `day`. */
export function weekdayFrom(day: string, weekday: number): string {
  return plusDays(day, (weekday - new Date(`${day}T00:00:00Z`).getUTCDay() + 7) % 7);
}

/** The first `weekday` (0 Sunday ... 6 Saturday) at least `days` after today (UTC). */
export function weekdayAhead(weekday: number, days: number): string {
  return weekdayFrom(daysAhead(days), weekday);
}

/** Minutes `zone` is ahead of UTC at `instant`, read from Intl (not from the code under test). */
function offsetMinutes(zone: string, instant: Date): number {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', {
    timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit',
  }).formatToParts(instant).map((part) => [part.type, part.value]));
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute));
  return (wall - instant.getTime()) / 60_000;
}

/**
 * The first day after `day` on which the clocks of `zone` go `forward` (summer time begins) or
 * `back` (it ends): the day whose noon (UTC) has another offset than the noon before it.
 */
export function clockChangeAfter(zone: string, day: string, direction: 'forward' | 'back'): string {
  for (let n = 1, before = offsetMinutes(zone, new Date(`${day}T12:00:00Z`)); n <= 400; n++) {
    const candidate = plusDays(day, n);
    const offset = offsetMinutes(zone, new Date(`${candidate}T12:00:00Z`));
    if (direction === 'forward' ? offset > before : offset < before) return candidate;
    before = offset;
  }
  throw new Error(`clockChangeAfter: ${zone}'s clocks do not go ${direction} within 400 days of ${day}`);
}
