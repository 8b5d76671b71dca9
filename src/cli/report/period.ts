// The period flags every report shares: --month, --year, or --from/--to, in the practice's time
// zone; with none, the month (or, for `pnl`, the year) holding today.
import { type Command, Option } from 'commander';
import { currentPeriod, dayPeriod, monthPeriod, type Period, type PeriodUnit, yearPeriod } from '../../reports/period.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { dayOption, parseFlag } from '../shared/input.js';

export interface PeriodOptions {
  month?: string;
  year?: string;
  from?: string;
  to?: string;
}

export function addPeriodFlags(command: Command, unit: PeriodUnit): Command {
  return command
    .addOption(new Option('--month <month>', `a month: 2026-11, this or last${unit === 'month' ? ' (default: this)' : ''}`).conflicts(['year', 'from', 'to']))
    .addOption(new Option('--year <year>', `a year: 2026, this or last${unit === 'year' ? ' (default: this)' : ''}`).conflicts(['from', 'to']))
    .option('--from <day>', 'from this day (inclusive): 2026-11-01, -30d, mon')
    .option('--to <day>', 'to this day (inclusive; default: today)');
}

/** The practice's today, and the period the flags name. */
export async function reportPeriod(ctx: Context, options: PeriodOptions, unit: PeriodUnit): Promise<{ period: Period; today: string }> {
  const today = await dayOption(ctx, 'today', 'today');
  if (options.to !== undefined && options.from === undefined) throw new UsageError('--to needs --from.', 'Or name a --month or --year.');
  let period: Period;
  if (options.month !== undefined) period = parseFlag('--month', () => monthPeriod(options.month!, today));
  else if (options.year !== undefined) period = parseFlag('--year', () => yearPeriod(options.year!, today));
  else if (options.from !== undefined) {
    const from = await dayOption(ctx, '--from', options.from);
    const to = options.to === undefined ? today : await dayOption(ctx, '--to', options.to);
    period = parseFlag('--to', () => dayPeriod(from, to));
  } else period = currentPeriod(unit, today);
  return { period, today };
}
