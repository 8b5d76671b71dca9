// Time off as written (`hours close`) and as read back: spans of local wall-clock time.
import { describe, expect, it } from 'vitest';
import { closedPartOf, closedSpan, describeSpan, overlapsSpan, parseClosureWords } from '../../src/model/closure.js';
import { InvalidInputError } from '../../src/model/errors.js';

describe('parseClosureWords and closedSpan', () => {
  it.each([
    ['2026-12-24', { starts_at: '2026-12-24T00:00', ends_at: '2026-12-25T00:00' }],
    ['2026-12-24..2026-12-26', { starts_at: '2026-12-24T00:00', ends_at: '2026-12-27T00:00' }],
    ['2026-12-31 13:00-17:00', { starts_at: '2026-12-31T13:00', ends_at: '2026-12-31T17:00' }],
    ['2026-12-31 1pm-5pm', { starts_at: '2026-12-31T13:00', ends_at: '2026-12-31T17:00' }],
  ])('%j closes %j', (text, span) => {
    const words = parseClosureWords(text);
    expect(closedSpan(words.from, words.to, words.hours)).toEqual(span);
  });

  it.each(['', '2026-12-24..', '..2026-12-24', '2026-12-24..2026-12-25 13:00-14:00', '2026-12-24 17:00-13:00', '2026-12-24 13:00', 'a b c'])('refuses %j', (text) => {
    expect(() => parseClosureWords(text)).toThrow(InvalidInputError);
  });

  it('refuses a range given backwards', () => {
    expect(() => closedSpan('2026-12-26', '2026-12-24', null)).toThrow('2026-12-24 is before 2026-12-26');
  });
});

describe('reading a span', () => {
  const days = { starts_at: '2026-12-24T00:00:00', ends_at: '2026-12-27T00:00:00' };
  const afternoon = { starts_at: '2026-12-31T13:00:00', ends_at: '2026-12-31T17:00:00' };

  it('says it as a person would', () => {
    expect(describeSpan(days)).toBe('2026-12-24 to 2026-12-26');
    expect(describeSpan({ starts_at: '2026-12-24T00:00', ends_at: '2026-12-25T00:00' })).toBe('2026-12-24');
    expect(describeSpan(afternoon)).toBe('2026-12-31 13:00-17:00');
    expect(describeSpan({ starts_at: '2026-12-31T13:00', ends_at: '2027-01-01T10:00' })).toBe('2026-12-31 13:00 to 2027-01-01 10:00');
  });

  it('tells the part of a day it closes', () => {
    expect(closedPartOf(days, '2026-12-23')).toBeNull();
    expect(closedPartOf(days, '2026-12-24')).toBe('all day');
    expect(closedPartOf(days, '2026-12-27')).toBeNull();
    expect(closedPartOf(afternoon, '2026-12-31')).toBe('13:00-17:00');
    expect(closedPartOf({ starts_at: '2026-12-31T13:00', ends_at: '2027-01-01T10:00' }, '2027-01-01')).toBe('00:00-10:00');
  });

  it('finds the bookings it overlaps, touching ends not counted', () => {
    expect(overlapsSpan(afternoon, '2026-12-31', '12:00', '13:00')).toBe(false);
    expect(overlapsSpan(afternoon, '2026-12-31', '12:30', '13:30')).toBe(true);
    expect(overlapsSpan(afternoon, '2026-12-31', '17:00', '18:00')).toBe(false);
    expect(overlapsSpan(days, '2026-12-26', '23:00', '23:30')).toBe(true);
  });
});
