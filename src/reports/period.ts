// The stretch of days a report covers, from its flags: a month (`2026-11`, `this`, `last`), a year
// (`2026`, `this`, `last`) or --from/--to days, resolved in the practice's time zone by the caller.
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { InvalidInputError } from '../model/errors.js';

dayjs.extend(utc);

export interface Period {
  /** First day, inclusive, YYYY-MM-DD. */
  from: string;
  /** Last day, inclusive. */
  to: string;
}

export type PeriodUnit = 'month' | 'year';

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const YEAR = /^\d{4}$/;

/** `2026-11`, `this` or `last`, seen from `today`: the month's first and last day. */
export function monthPeriod(text: string, today: string): Period {
  const input = text.trim().toLowerCase();
  const start = input === 'this' ? dayjs.utc(today).startOf('month')
    : input === 'last' ? dayjs.utc(today).startOf('month').subtract(1, 'month')
      : MONTH.test(input) ? dayjs.utc(`${input}-01`)
        : null;
  if (start === null) throw new InvalidInputError(`expected a month like 2026-11, this or last; got '${text}'`);
  return { from: start.format('YYYY-MM-DD'), to: start.endOf('month').format('YYYY-MM-DD') };
}

/** `2026`, `this` or `last`, seen from `today`: 1 January to 31 December. */
export function yearPeriod(text: string, today: string): Period {
  const input = text.trim().toLowerCase();
  const thisYear = Number(today.slice(0, 4));
  const year = input === 'this' ? thisYear : input === 'last' ? thisYear - 1 : YEAR.test(input) ? Number(input) : null;
  if (year === null) throw new InvalidInputError(`expected a year like 2026, this or last; got '${text}'`);
  return { from: `${year}-01-01`, to: `${year}-12-31` };
}

/** The unit's period that holds `today`: what a report covers when no period flag is given. */
export function currentPeriod(unit: PeriodUnit, today: string): Period {
  return unit === 'month' ? monthPeriod('this', today) : yearPeriod('this', today);
}

/** The days `first` to `last` (inclusive) as given; `last` before `first` is refused. */
export function dayPeriod(first: string, last: string): Period {
  if (last < first) throw new InvalidInputError(`the period ends (${last}) before it starts (${first})`);
  return { from: first, to: last };
}
