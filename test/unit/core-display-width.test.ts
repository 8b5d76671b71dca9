// Display width: what a terminal shows, for text aligned in columns (tables, the week's agenda).
import { describe, expect, it } from 'vitest';
import { alignColumns, displayWidth } from '../../src/core/display-width.js';

describe('displayWidth', () => {
  it.each([
    ['Ann Lee', 7],
    ['李小龍 (Bruce)', 14], // three wide characters take two columns each
    ['🌸 Blossom Kim', 14], // an emoji takes two
    ['Zoe\u0301', 3], // a combining mark takes none
    ['👩‍👩‍👧', 2], // one grapheme of several code points
    ['\u001b[1mBold\u001b[22m', 4], // colour codes take none
  ])('%s takes %i columns', (text, width) => {
    expect(displayWidth(text)).toBe(width);
  });
});

describe('alignColumns', () => {
  it('pads by display width, so the next column starts at the same place on every line', () => {
    const lines = alignColumns([
      ['09:00-10:00', '李小龍 (Bruce)', 'scheduled'],
      ['11:00-12:00', 'Ann Lee', 'confirmed'],
      ['13:00-14:00', 'Zoe\u0301 🌸', 'completed'],
    ]);
    expect(lines).toEqual([
      '09:00-10:00  李小龍 (Bruce)  scheduled',
      '11:00-12:00  Ann Lee         confirmed',
      '13:00-14:00  Zoe\u0301 🌸          completed',
    ]);
    const statusColumn = lines.map((line) => displayWidth(line.slice(0, line.search(/(scheduled|confirmed|completed)$/))));
    expect(new Set(statusColumn).size).toBe(1);
  });

  it('leaves out a column empty on every line', () => {
    expect(alignColumns([['a', '', 'b'], ['cc', '', 'd']])).toEqual(['a   b', 'cc  d']);
  });
});
