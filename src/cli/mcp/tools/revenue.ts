// The month's revenue, billed (completed appointments at the price each was booked with: revenue_report,
// migration 12) or collected (payments less refunds: migration 18), through `report revenue`.
import { z } from 'zod';
import { tool } from './tool.js';

export const revenueTool = tool({
  name: 'month_revenue',
  title: "The month's revenue",
  description: 'Revenue of a month, as JSON rows, one per day, week, service or client: billed (completed appointments at '
    + 'their kept price, with counts of completed, cancelled, no-show and unpriced visits) or collected (payments less refunds).',
  input: {
    month: z.string().default('this').describe('the month: this, last or YYYY-MM'),
    by: z.enum(['day', 'week', 'month', 'service', 'client']).default('month').describe('one row per day, week, the month, service or client'),
    basis: z.enum(['billed', 'collected']).default('billed').describe('billed: completed visits at their kept price; collected: payments received less refunds'),
  },
  writes: false,
  flagOf: { month: '--month', by: '--by', basis: '--basis' },
  answer: (args) => async (ctx) => (await import('../../report/revenue.js')).runRevenue({ ...args, json: true }, ctx),
});
