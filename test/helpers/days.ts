// Days for tests that book: counted from today, so that no test runs out of future (fixed dates did:
// appointments on 2026-12-01 became past visits, refused without --status completed, that morning).

/** `day` (YYYY-MM-DD) plus `n` days. */
export function plusDays(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/** The first `weekday` (0 Sunday ... 6 Saturday) at least `days` after today (UTC). */
export function weekdayAhead(weekday: number, days: number): string {
  const from = plusDays(new Date().toISOString().slice(0, 10), days);
  return plusDays(from, (weekday - new Date(`${from}T00:00:00Z`).getUTCDay() + 7) % 7);
}
