// `practice expense add`: logs one expense, POST expenses with a client-chosen id (a retried request
// cannot log it twice). The date defaults to today in the practice's time zone.
import { randomUUID } from 'node:crypto';
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import { formatAmount } from '../../model/money.js';
import { type Expense, expenseCreateSchema, SUGGESTED_EXPENSE_CATEGORIES } from '../../model/records.js';
import type { Context } from '../context.js';
import { amountOption, checkInput, dayOption } from '../shared/input.js';
import { EXPENSE_COLUMNS, EXPENSE_FIELDS } from './fields.js';

interface AddOptions extends RowOptions {
  date: string;
  amount: string;
  category: string;
  description?: string;
  vendor?: string;
}

export function addCommand(ctx: Context): Command {
  const command = new Command('add')
    .description('Log an expense')
    .requiredOption('--amount <amount>', 'what it cost, like 45 or 45.50 (more than 0)')
    .requiredOption('--category <category>', `a lower-case word; usual ones: ${SUGGESTED_EXPENSE_CATEGORIES.join(', ')}`)
    .option('--date <day>', 'when: YYYY-MM-DD, today, yesterday, mon, -3d', 'today')
    .option('--description <text>', 'what it was for')
    .option('--vendor <name>', 'who was paid')
    .addHelpText('before', `Examples:
  $ practice expense add --amount 42.50 --category supplies --vendor "Oil & Co" --description "Massage oil, 5 l"
  $ practice expense add --date yesterday --amount 900 --category rent
`)
    .action((options: AddOptions) => runAdd(options, ctx));
  return addOutputFlags(command, EXPENSE_FIELDS);
}

export async function runAdd(options: AddOptions, ctx: Context): Promise<void> {
  const body = checkInput(expenseCreateSchema, {
    id: randomUUID(),
    date: await dayOption(ctx, '--date', options.date),
    amount: amountOption('--amount', options.amount, { positive: true }),
    category: options.category,
    description: options.description,
    vendor: options.vendor,
  }, { category: '--category', description: '--description', vendor: '--vendor' });
  const [expense] = await (await ctx.api()).insert<Expense>('expenses', body);
  ctx.out.success(`Logged ${formatAmount(expense!.amount)} for ${expense!.category} on ${expense!.date}.`);
  await ctx.out.rows([expense!], EXPENSE_COLUMNS, options);
}
