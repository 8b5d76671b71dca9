// `report pnl`: the practice's profit and loss. Revenue is completed appointments at their kept
// price, expenses are summed by category, net is the difference; all in exact cents.
import { amountCents, formatCents } from '../model/money.js';
import type { Period } from './period.js';
import { Groups, intervalOf, intervalsOf } from './series.js';
import { type BookedVisit, earnedCents } from './visits-in.js';

export interface ExpenseIn {
  date: string;
  category: string;
  amount: number | string;
}

export const PNL_GROUPINGS = ['month', 'category'] as const;
export type PnlGrouping = (typeof PNL_GROUPINGS)[number];

export interface PnlMonthRow { month: string; revenue: string; expenses: string; net: string }
export interface PnlCategoryRow { kind: 'revenue' | 'expense' | 'net'; category: string; amount: string }
export interface PnlLedgerRow { month: string; category: string; revenue: string; expenses: string; net: string }

/** The ledger's name for the revenue line: what the practice earns from. */
const REVENUE_CATEGORY = 'appointments';

/** Revenue and expense cents per month and category: everything the three views are read from. */
export class ProfitAndLoss {
  readonly months: string[];
  readonly categories: string[];
  private readonly revenue: Groups<{ cents: number }>;
  private readonly expenses = new Map<string, number>();

  constructor(visits: readonly BookedVisit[], expenses: readonly ExpenseIn[], readonly period: Period) {
    this.months = intervalsOf(period, 'month');
    this.revenue = new Groups(() => ({ cents: 0 }), this.months);
    const inPeriod = (date: string) => date >= period.from && date <= period.to;
    for (const visit of visits) {
      if (visit.status === 'completed' && inPeriod(visit.date)) this.revenue.of(intervalOf(visit.date, 'month')).cents += earnedCents(visit);
    }
    const categories = new Set<string>();
    for (const expense of expenses) {
      if (!inPeriod(expense.date)) continue;
      categories.add(expense.category);
      const key = cell(intervalOf(expense.date, 'month'), expense.category);
      this.expenses.set(key, (this.expenses.get(key) ?? 0) + amountCents(expense.amount));
    }
    // Sorted by name, so the accountant's file has the same shape every time it is written.
    this.categories = [...categories].sort();
  }

  revenueOf(month: string): number {
    return this.revenue.of(month).cents;
  }

  expensesOf(month: string, category?: string): number {
    if (category !== undefined) return this.expenses.get(cell(month, category)) ?? 0;
    return this.categories.reduce((sum, name) => sum + this.expensesOf(month, name), 0);
  }

  private sum(cents: (month: string) => number): number {
    return this.months.reduce((total, month) => total + cents(month), 0);
  }

  /** One row a month of the period, empty months too. */
  byMonth(): PnlMonthRow[] {
    return this.months.map((month) => money(month, this.revenueOf(month), this.expensesOf(month)));
  }

  /** The statement: revenue, each expense category, net. */
  byCategory(): PnlCategoryRow[] {
    const revenue = this.sum((month) => this.revenueOf(month));
    const lines: PnlCategoryRow[] = [{ kind: 'revenue', category: REVENUE_CATEGORY, amount: formatCents(revenue) }];
    let spent = 0;
    for (const category of this.categories) {
      const cents = this.sum((month) => this.expensesOf(month, category));
      spent += cents;
      lines.push({ kind: 'expense', category, amount: formatCents(cents) });
    }
    lines.push({ kind: 'net', category: '', amount: formatCents(revenue - spent) });
    return lines;
  }

  /**
   * The accountant's file: every month x (revenue, then each expense category by name), zeros
   * included, then one totals row. The same data gives the same rows in the same order.
   */
  ledger(): PnlLedgerRow[] {
    const rows: PnlLedgerRow[] = [];
    for (const month of this.months) {
      rows.push({ ...money(month, this.revenueOf(month), 0), category: REVENUE_CATEGORY });
      for (const category of this.categories) rows.push({ ...money(month, 0, this.expensesOf(month, category)), category });
    }
    const revenue = this.sum((month) => this.revenueOf(month));
    const spent = this.sum((month) => this.expensesOf(month));
    rows.push({ ...money('total', revenue, spent), category: '' });
    return rows;
  }
}

const cell = (month: string, category: string) => `${month}\u0000${category}`;

function money(month: string, revenue: number, expenses: number): PnlMonthRow {
  return { month, revenue: formatCents(revenue), expenses: formatCents(expenses), net: formatCents(revenue - expenses) };
}
