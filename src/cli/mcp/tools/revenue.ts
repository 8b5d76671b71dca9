// The month's revenue, from completed appointments at the price each was booked with: the database's
// revenue_report (migration 12), through `report revenue`.
import { z } from 'zod';
import { tool } from './tool.js';

export const revenueTool = tool({
  name: 'month_revenue',
  title: "The month's revenue",
  description: 'Revenue of a month from completed appointments at their kept price, with counts of completed, cancelled, '
    + 'no-show and unpriced visits, as JSON rows, one per day, week, service or client.',
  input: {
    month: z.string().default('this').describe('the month: this, last or YYYY-MM'),
    by: z.enum(['day', 'week', 'month', 'service', 'client']).default('month').describe('one row per day, week, the month, service or client'),
  },
  writes: false,
  flagOf: { month: '--month', by: '--by' },
  answer: (args) => async (ctx) => (await import('../../report/revenue.js')).runRevenue({ ...args, json: true }, ctx),
});
