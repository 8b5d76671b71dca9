// Exact money and the periods of reports: amounts read into whole cents through their decimal text,
// sums printed by their digits; months, years and intervals in the calendar.
import { describe, expect, it } from 'vitest';
import { amountCents, formatCents } from '../../src/model/money.js';
import { monthPeriod, yearPeriod } from '../../src/reports/period.js';

describe('cents', () => {
  it('reads amounts as the service sends them, exactly', () => {
    expect([0.1, 0.2, 45.5, 90.5, 12, '42.50', '7.000', 99999999.99].map(amountCents)).toEqual([10, 20, 4550, 9050, 1200, 4250, 700, 9999999999]);
    expect(amountCents(0.1) + amountCents(0.2)).toBe(30);
    expect(() => amountCents(0.125)).toThrow("expected an amount with at most two decimals; got '0.125'");
  });

  it('prints cents by their digits, signs and small sums included', () => {
    expect([0, 5, 30, 123450, -5, -48150].map(formatCents)).toEqual(['0.00', '0.05', '0.30', '1234.50', '-0.05', '-481.50']);
  });
});

describe('periods', () => {
  it('resolves months and years from today', () => {
    expect(monthPeriod('this', '2026-03-15')).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(monthPeriod('last', '2026-03-15')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthPeriod('last', '2026-01-31')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(monthPeriod('2024-02', '2026-03-15')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(yearPeriod('last', '2026-03-15')).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(() => monthPeriod('2026-13', '2026-03-15')).toThrow('expected a month like 2026-11, this or last');
  });
});
