// `--overdue 30d`: how long a charge may stay unpaid before it is overdue, in days (d) or weeks (w).
import { UsageError } from '../errors.js';

const AGE = /^(\d{1,4})\s*(d|days?|w|weeks?)?$/i;

export function overdueDays(text: string): number {
  const match = AGE.exec(text.trim());
  if (!match) throw new UsageError(`--overdue: expected an age like 30d, 4w or 30; got '${text}'`);
  const count = Number(match[1]);
  return match[2]?.toLowerCase().startsWith('w') ? count * 7 : count;
}
