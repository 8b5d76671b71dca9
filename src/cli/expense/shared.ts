// What every `expense` command shares about an expense: the fields --json accepts, the table columns
// (the short id first, which update and delete take), the one line of messages, the flags add
// (amount and category required, the date today by default) and update (any of them) take, and the
// body they become, checked before anything is sent.
import { type Command, Option } from 'commander';
import type * as z from 'zod/mini';
import type { Column } from '../../core/output.js';
import { formatAmount } from '../../model/money.js';
import { SUGGESTED_EXPENSE_CATEGORIES } from '../../model/record-values.js';
import type { Expense } from '../../model/records.js';
import { shortId } from '../../model/short-id.js';
import type { Context } from '../context.js';
import { amountOption, checkInput, dayOption } from '../shared/input.js';

export const FIELDS = ['id', 'date', 'amount', 'category', 'vendor', 'description', 'therapist_id', 'created_at', 'updated_at'];

export const COLUMNS: Column<Expense>[] = [
  // INTERFACE.md does not promise an id on read; an expense without one shows an empty cell.
  { key: 'id', format: (id) => (id ? shortId(id) : '') },
  { key: 'date' },
  { key: 'amount', format: formatAmount },
  { key: 'category' },
  { key: 'vendor' },
  { key: 'description' },
];

export const NOT_FOUND_HINT = 'See `practice expense list` for ids.';

/** `42.50 for supplies on 2026-03-02`. */
export function describeExpense(expense: Expense): string {
  return `${formatAmount(expense.amount)} for ${expense.category} on ${expense.date}`;
}

export interface ExpenseFlags {
  date?: string;
  amount?: string;
  category?: string;
  description?: string;
  vendor?: string;
}

/** The body field each flag sets, so a refusal of the schema names the flag the user typed. */
const FLAG_OF: Record<string, string> = { date: '--date', amount: '--amount', category: '--category', description: '--description', vendor: '--vendor' };

export function addExpenseFlags(command: Command, create: boolean): Command {
  const required = (option: Option) => (create ? option.makeOptionMandatory() : option);
  const date = new Option('--date <day>', 'when: YYYY-MM-DD, today, yesterday, mon, -3d');
  return command
    .addOption(required(new Option('--amount <amount>', 'what it cost, like 45 or 45.50 (more than 0)')))
    .addOption(required(new Option('--category <category>', `a lower-case word; usual ones: ${SUGGESTED_EXPENSE_CATEGORIES.join(', ')}`)))
    .addOption(create ? date.default('today') : date)
    .option('--description <text>', 'what it was for')
    .option('--vendor <name>', 'who was paid');
}

/** The create or update body of the flags given and `extra` fields, checked against `schema` (records.ts). */
export async function expenseBody<S extends z.ZodMiniType>(ctx: Context, schema: S, flags: ExpenseFlags, extra: object = {}): Promise<z.output<S>> {
  return checkInput(schema, {
    date: flags.date === undefined ? undefined : await dayOption(ctx, '--date', flags.date),
    amount: flags.amount === undefined ? undefined : amountOption('--amount', flags.amount, { positive: true }),
    category: flags.category,
    description: flags.description,
    vendor: flags.vendor,
    ...extra,
  }, FLAG_OF);
}
