// instantsIn (the many-times converter a calendar feed uses) gives instantAt's answer for every
// half hour of a year in zones with hour, half-hour and southern changes of the clocks.
import { describe, expect, it } from 'vitest';
import { instantAt, instantsIn } from '../../src/model/time-zone.js';
import { addDays, formatClock } from '../../src/model/when.js';

describe('instantsIn', () => {
  it.each(['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata'])('agrees with instantAt all through 2026 in %s', (zone) => {
    const convert = instantsIn(zone);
    const differences: string[] = [];
    for (let date = '2026-01-01'; date < '2027-01-01'; date = addDays(date, 1)) {
      for (let minutes = 0; minutes < 24 * 60; minutes += 30) {
        const time = formatClock(minutes);
        if (convert(date, time).getTime() !== instantAt(date, time, zone).getTime()) differences.push(`${date} ${time}`);
      }
    }
    expect(differences).toEqual([]);
  });
});
