import { describe, expect, it } from 'vitest';
import { inOrderRead } from '../../src/cli/shared/in-order-read.js';

describe('inOrderRead', () => {
  it("puts a PATCH's answer, in storage order, back in the order the rows were read", () => {
    const read = [{ id: 'b', date: '2029-03-14' }, { id: 'c', date: '2029-03-21' }, { id: 'a', date: '2029-03-28' }];
    const answered = [{ id: 'a', date: '2029-03-28' }, { id: 'c', date: '2029-03-21' }, { id: 'b', date: '2029-03-14' }];
    expect(inOrderRead(answered, read).map((row) => row.date)).toEqual(['2029-03-14', '2029-03-21', '2029-03-28']);
  });

  it('keeps the order of what was read when only some rows changed', () => {
    const read = [{ id: 'x' }, { id: 'y' }, { id: 'z' }];
    expect(inOrderRead([{ id: 'z' }, { id: 'x' }], read)).toEqual([{ id: 'x' }, { id: 'z' }]);
  });
});
