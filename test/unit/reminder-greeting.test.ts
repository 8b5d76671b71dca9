// The greeting of a reminder and the notices' texts: the first name is the first word with a letter,
// so an emoji or a title's punctuation never stands in for it.
import { describe, expect, it } from 'vitest';
import { firstName, renderMessage, templateOf } from '../../src/cli/remind/message.js';

describe('firstName', () => {
  it.each([
    ['🌸 Blossom Kim', 'Blossom'],
    ['Ann Lee', 'Ann'],
    ['  Jürgen   Weiß ', 'Jürgen'],
    ['李小龍 (Bruce)', '李小龍'],
    ['"Ann" Lee', 'Ann'],
    ['Zoë', 'Zoë'],
    ['🌸', '🌸'],
  ])('%j is greeted %j', (name, first) => {
    expect(firstName(name)).toBe(first);
  });
});

describe('the notices', () => {
  it('name the old time of a change, and the time cancelled', () => {
    const fields = { name: '🌸 Blossom Kim', date: '2026-12-01', time: '16:00', service: null };
    expect(renderMessage(templateOf('changed', '', { date: '2026-12-01', time: '14:00' }), { ...fields, previous: { date: '2026-12-01', time: '14:00' } }))
      .toBe('Hi Blossom, your appointment on Tuesday 2026-12-01 at 14:00 has moved to Tuesday 2026-12-01 at 16:00. Reply if that does not suit you.');
    expect(renderMessage(templateOf('cancelled', '', null), fields))
      .toBe('Hi Blossom, your appointment on Tuesday 2026-12-01 at 16:00 is cancelled. Reply to book another time.');
    expect(renderMessage(templateOf('changed', '', null), fields))
      .toBe('Hi Blossom, your appointment is booked again for Tuesday 2026-12-01 at 16:00. Reply if that does not suit you.');
    expect(templateOf('reminder', 'See you {time}', null)).toBe('See you {time}');
  });
});
