// Money as the service holds it: numeric with two decimals, carried in JSON as a plain number.
// Amounts are typed by people, so parsing is strict: a typo must not become a different amount.
import { InvalidInputError } from './errors.js';

const AMOUNT_FORM = 'expected an amount like 45, 45.5 or 45.50';

// The columns are numeric(10,2): eight digits before the point. Refusing more here names the
// largest amount instead of passing on the server's numeric overflow.
const AMOUNT = /^\d{1,8}(\.\d{1,2})?$/;
const TOO_MANY_DIGITS = /^\d{9,}(\.\d{1,2})?$/;

/** The record fields that hold money (service_menu.price, appointments.price, expenses.amount): CSV writes them with two decimals. */
export const MONEY_FIELDS: ReadonlySet<string> = new Set(['price', 'amount']);

/** The largest amount a numeric(10,2) column holds. */
export const LARGEST_AMOUNT = '99999999.99';

/**
 * An amount as typed: digits with at most two decimals. Refuses signs, exponents (`1e3`), thousands
 * separators and currency symbols. `positive` refuses 0 too (expenses; a price may be 0).
 */
export function parseAmount(text: string, { positive = false }: { positive?: boolean } = {}): number {
  const input = text.trim();
  if (input.startsWith('-')) throw new InvalidInputError(`${AMOUNT_FORM}; got '${text}', which is negative`);
  if (TOO_MANY_DIGITS.test(input)) throw new InvalidInputError(`the largest amount accepted is ${LARGEST_AMOUNT}; got '${text}'`);
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

// Sums of money are whole cents in integers: a JSON number such as 0.1 is read back through its own
// decimal text (JavaScript prints the shortest text that reads back as it), never multiplied as a float.
const DECIMAL = /^(-?)(\d+)(?:\.(\d{1,2})0*)?$/;

/** An amount as the service returns it (a JSON number, or numeric text from another backend) in cents. */
export function amountCents(value: number | string): number {
  const match = DECIMAL.exec(String(value).trim());
  if (match === null) throw new InvalidInputError(`expected an amount with at most two decimals; got '${value}'`);
  const [, sign, whole = '0', fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) throw new InvalidInputError(`the amount ${value} is too large to add up exactly`);
  return sign === '-' ? -cents : cents;
}

/** Whole cents as an amount with two decimals, by their digits: 123450 -> `1234.50`, -5 -> `-0.05`. */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return `${cents < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
