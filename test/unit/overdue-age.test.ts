// `practice balance --overdue AGE`: the ages a person types, in days, and a clear refusal otherwise.
import { describe, expect, it } from 'vitest';
import { overdueDays } from '../../src/cli/balance/overdue.js';

describe('overdueDays', () => {
  it('reads days and weeks', () => {
    expect(overdueDays('30d')).toBe(30);
    expect(overdueDays('30')).toBe(30);
    expect(overdueDays(' 45 days ')).toBe(45);
    expect(overdueDays('4w')).toBe(28);
    expect(overdueDays('1 week')).toBe(7);
    expect(overdueDays('0d')).toBe(0);
  });

  it('refuses anything else, naming the forms it takes', () => {
    for (const text of ['', 'soon', '-30d', '3m', '1.5w', '30dd', '12345d']) {
      expect(() => overdueDays(text), text).toThrow(`--overdue: expected an age like 30d, 4w or 30; got '${text}'`);
    }
  });
});
