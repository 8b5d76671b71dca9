// revenueReport on rows in hand: clients grouped by id (two of one name stay two), a visit with no
// price counted 0 and flagged, visits outside the period left out.
import { describe, expect, it } from 'vitest';
import { revenueReport } from '../../src/reports/revenue.js';

const period = { from: '2026-11-01', to: '2026-11-30' };

describe('revenueReport', () => {
  it('keeps two clients of the same name apart and flags a visit without a price', () => {
    const { rows, total } = revenueReport({
      period, by: 'client', visits: [
        { date: '2026-11-02', status: 'completed', price: 80, client_id: 'a1', client_name: 'Ann' },
        { date: '2026-11-03', status: 'completed', price: null, client_id: 'a1', client_name: 'Ann' },
        { date: '2026-11-04', status: 'completed', price: 45.5, client_id: 'a2', client_name: 'Ann' },
        { date: '2026-11-05', status: 'no_show', price: 45.5, client_id: 'a2', client_name: 'Ann' },
        { date: '2026-12-01', status: 'completed', price: 99, client_id: 'a2', client_name: 'Ann' },
      ],
    });
    expect(rows).toEqual([
      { client: 'Ann', completed: 2, revenue: '80.00', cancelled: 0, no_show: 0, no_price: 1 },
      { client: 'Ann', completed: 1, revenue: '45.50', cancelled: 0, no_show: 1, no_price: 0 },
    ]);
    expect(total).toEqual({ completed: 3, revenue: '125.50', cancelled: 0, no_show: 1, no_price: 1 });
  });
});
