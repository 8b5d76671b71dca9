// The flags that describe an expense, shared by `expense add` (amount and category required, the
// date today by default) and `expense update` (any of them), and the body they become, checked
// before anything is sent.
import { type Command, Option } from 'commander';
import type { z } from 'zod';
import { SUGGESTED_EXPENSE_CATEGORIES } from '../../model/records.js';
import type { Context } from '../context.js';
import { amountOption, checkInput, dayOption } from '../shared/input.js';

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
export async function expenseBody<S extends z.ZodType>(ctx: Context, schema: S, flags: ExpenseFlags, extra: object = {}): Promise<z.output<S>> {
  return checkInput(schema, {
    date: flags.date === undefined ? undefined : await dayOption(ctx, '--date', flags.date),
    amount: flags.amount === undefined ? undefined : amountOption('--amount', flags.amount, { positive: true }),
    category: flags.category,
    description: flags.description,
    vendor: flags.vendor,
    ...extra,
  }, FLAG_OF);
}
