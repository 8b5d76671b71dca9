// The series rule (src/model/recurrence.ts): repeat words, expansion on the practice's clock through
// DST and short months, the stored RFC 5545 text, and the rule of a moved part.
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/model/errors.js';
import { expandSeries, movedRule, parseRepeat, ruleInWords } from '../../src/model/recurrence.js';

describe('parseRepeat', () => {
  it.each([
    ['weekly', { freq: 'weekly', interval: 1 }],
    ['Biweekly', { freq: 'weekly', interval: 2 }],
    ['monthly', { freq: 'monthly', interval: 1 }],
    ['every 3 weeks', { freq: 'weekly', interval: 3 }],
    ['every  1 week', { freq: 'weekly', interval: 1 }],
    ['every 2 months', { freq: 'monthly', interval: 2 }],
  ])('%s', (text, repeat) => expect(parseRepeat(text)).toEqual(repeat));

  it.each(['daily', 'every 0 weeks', 'every 53 weeks', 'every week on monday', ''])('refuses %j', (text) => {
    expect(() => parseRepeat(text)).toThrow(InvalidInputError);
  });
});

describe('expandSeries', () => {
  const rule = { firstDate: '2027-10-19', startTime: '10:00', timeZone: 'Europe/Berlin' };

  it('keeps the day and clock time through the end of summer time, and stores the zone', async () => {
    // Berlin leaves summer time on 2027-10-31.
    const { dates, recurrence } = await expandSeries({ ...rule, repeat: { freq: 'weekly', interval: 1 }, end: { count: 3 } });
    expect(dates).toEqual(['2027-10-19', '2027-10-26', '2027-11-02']);
    expect(recurrence).toBe('DTSTART;TZID=Europe/Berlin:20271019T100000\nRRULE:FREQ=WEEKLY;INTERVAL=1;COUNT=3');
    expect(await ruleInWords(recurrence)).toBe('every week for 3 times');
  });

  it('ends on the last day on or before --until', async () => {
    const { dates } = await expandSeries({ ...rule, repeat: { freq: 'weekly', interval: 2 }, end: { until: '2027-11-16' } });
    expect(dates).toEqual(['2027-10-19', '2027-11-02', '2027-11-16']);
  });

  it('skips the months without the day, as RFC 5545 says', async () => {
    const { dates } = await expandSeries({ ...rule, firstDate: '2027-01-31', repeat: { freq: 'monthly', interval: 1 }, end: { count: 3 } });
    expect(dates).toEqual(['2027-01-31', '2027-03-31', '2027-05-31']);
  });

  it('refuses a series longer than the limit, and one that ends before it starts', async () => {
    await expect(expandSeries({ ...rule, repeat: { freq: 'weekly', interval: 1 }, end: { until: '2030-01-01' } })).rejects.toThrow(/at most 104/);
    await expect(expandSeries({ ...rule, repeat: { freq: 'weekly', interval: 1 }, end: { until: '2027-10-18' } })).rejects.toThrow(/ends before its first day/);
  });
});

describe('movedRule', () => {
  it('starts the rule at the moved first day and time, for the moved count', () => {
    const stored = 'DTSTART;TZID=Europe/Berlin:20271019T100000\nRRULE:FREQ=WEEKLY;INTERVAL=1;UNTIL=20271231T235900Z';
    expect(movedRule(stored, '2027-11-03', '14:30', 5)).toBe('DTSTART;TZID=Europe/Berlin:20271103T143000\nRRULE:FREQ=WEEKLY;INTERVAL=1;COUNT=5');
  });
});
