// A series report's rows, then, for a person at a terminal, its bar chart; piped or asked for JSON
// or CSV, only the data.
import type { Column, RowOptions } from '../../core/output.js';
import { type Bar, renderBarChart } from '../../reports/bar-chart.js';
import type { Context } from '../context.js';

export async function printSeries<Row extends object>(ctx: Context, rows: readonly Row[], columns: readonly Column<Row>[], options: RowOptions, bars: Bar[] | null): Promise<void> {
  await ctx.out.rows(rows, columns, options, 'Nothing in this period.');
  const { stdout } = ctx.io;
  if (bars === null || bars.length === 0 || options.json || options.format || !stdout.isTTY) return;
  const lines = renderBarChart(bars, (stdout.columns ?? 80) - 1, ctx.out.color.green);
  ctx.out.print(`\n${lines.join('\n')}`);
}
