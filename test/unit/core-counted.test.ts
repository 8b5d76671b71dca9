// Counts in messages: singular for one, plural otherwise (zero included), irregular plurals as given.
import { describe, expect, it } from 'vitest';
import { counted } from '../../src/core/counted.js';

describe('counted', () => {
  it.each([
    [0, 'client', undefined, '0 clients'],
    [1, 'client', undefined, '1 client'],
    [2, 'new record', undefined, '2 new records'],
    [1, 'entry', 'entries', '1 entry'],
    [3, 'entry', 'entries', '3 entries'],
    [1, 'was', 'were', '1 was'],
    [0, 'was', 'were', '0 were'],
  ])('%i %s', (count, singular, plural, text) => {
    expect(counted(count, singular, plural)).toBe(text);
  });
});
