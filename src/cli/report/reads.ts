// What the reports share: the call of a report function (migration 12) over a period, money as the
// exact two-decimal strings reports print, and the warning about visits that had no price.
import { amountCents, formatCents } from '../../model/money.js';
import type { Period } from '../../reports/period.js';
import type { Context } from '../context.js';
import { readAnswer } from '../shared/answers.js';

/** The rows `name` answers for `period`, with the function's other arguments; `since`: the schema version that added it. */
export async function readReport<Row>(ctx: Context, name: string, period: Period, args: Record<string, unknown> = {}, since?: number): Promise<Row[]> {
  return readAnswer<Row>(await ctx.api(), name, { day_from: period.from, day_to: period.to, ...args }, since);
}

/** A numeric from the database (a JSON number or string) as `1234.50`; exact within 2^53 cents. */
export const money = (value: number | string | null): string => formatCents(value === null ? 0 : amountCents(value));

/** The sum of money strings, in whole cents, as a money string. */
export const sumMoney = (values: readonly string[]): string => formatCents(values.reduce((cents, value) => cents + amountCents(value), 0));

/** The sum of a count column. */
export const sumOf = <Row>(rows: readonly Row[], pick: (row: Row) => number): number => rows.reduce((total, row) => total + pick(row), 0);

/** `no price` on stderr when completed visits had no kept price and counted 0. */
export function noteUnpriced(ctx: Context, count: number): void {
  if (count > 0) ctx.out.warn(`${count} completed appointment${count === 1 ? ' has' : 's have'} no price and counted as 0.`);
}

/** Day, week and month reports are series: every interval has a row, and a terminal draws their bars. */
export const isInterval = (by: string): boolean => by === 'day' || by === 'week' || by === 'month';
