// The one escaping function for text from the data on its way to a terminal or a TSV line.
import { describe, expect, it } from 'vitest';
import { visibleText } from '../../src/core/visible-text.js';

describe('visibleText', () => {
  it.each([
    ['plain text, accents and emoji stay', 'Zoë Müller 🌿', 'Zoë Müller 🌿'],
    ['ESC is \\x1b', '\u001b[31mred\u001b[0m', '\\x1b[31mred\\x1b[0m'],
    ['tab, newline and CR are named', 'a\tb\nc\rd', 'a\\tb\\nc\\rd'],
    ['the rest of C0, DEL and C1 are \\xNN', '\u0000\u0007\u007f\u0085\u009b', '\\x00\\x07\\x7f\\x85\\x9b'],
    ['the first character past C1 stays', '\u00a0', '\u00a0'],
  ])('%s', (_, text, shown) => {
    expect(visibleText(text)).toBe(shown);
  });

  it('keeps the characters asked for, escaping the others', () => {
    expect(visibleText('one\ntwo\t\u001b]0;x\u0007', '\n')).toBe('one\ntwo\\t\\x1b]0;x\\x07');
  });
});
