// Money as the service holds it: numeric with two decimals, carried in JSON as a plain number.
// Amounts are typed by people, so parsing is strict: a typo must not become a different amount.
import { InvalidInputError } from './errors.js';

const AMOUNT_FORM = 'expected an amount like 45, 45.5 or 45.50';

// The columns are numeric(10,2): eight digits before the point. Refusing more here names the form
// instead of passing on the server's numeric overflow.
const AMOUNT = /^\d{1,8}(\.\d{1,2})?$/;

/**
 * An amount as typed: digits with at most two decimals. Refuses signs, exponents (`1e3`), thousands
 * separators and currency symbols. `positive` refuses 0 too (expenses; a price may be 0).
 */
export function parseAmount(text: string, { positive = false }: { positive?: boolean } = {}): number {
  const input = text.trim();
  if (input.startsWith('-')) throw new InvalidInputError(`${AMOUNT_FORM}; got '${text}', which is negative`);
  if (!AMOUNT.test(input)) throw new InvalidInputError(`${AMOUNT_FORM}; got '${text}'`);
  const amount = Number(input);
  if (positive && amount === 0) throw new InvalidInputError(`${AMOUNT_FORM}, greater than 0; got '${text}'`);
  return amount;
}

/** Whether a number is what the service can store exactly: not negative, whole cents, in range. */
export function isAmount(value: number): boolean {
  // JSON carries String(value), so that text is what must look like an amount (0.1 + 0.2 does not).
  return Number.isFinite(value) && AMOUNT.test(String(value));
}

/** An amount with two decimals and no currency symbol, as tables and CSV show it: 45 -> `45.00`. */
export function formatAmount(amount: number): string {
  // Rounding to whole cents first hides float drift from sums (0.1 + 0.2 -> 0.30).
  return (Math.round(amount * 100) / 100).toFixed(2);
}
