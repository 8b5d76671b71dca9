// The template leaves out what PostgreSQL writes anew (pglite-template-build.ts): an archive less
// the entries named, every other entry and the archive's end copied byte for byte.
import { describe, expect, it } from 'vitest';
import { tarWithout } from '../../src/server/db/tar-without.js';
import { tarEntry, tarOf } from '../helpers/tar-entry.js';

describe('tarWithout', () => {
  it('leaves out the entries named, whatever their length, and keeps the rest as they were', () => {
    const kept = [tarEntry('/base/5', '5'), tarEntry('/base/5/1259', '0', 'x'.repeat(1300)), tarEntry('/PG_VERSION', '0', '17\n')];
    const left = [tarEntry('/base/5/1259_fsm', '0', 'f'.repeat(600)), tarEntry('/base/5/1259_vm', '0', ''), tarEntry('/global/1262_vm', '0', 'v')];
    const archive = tarOf(kept[0]!, left[0]!, kept[1]!, left[1]!, left[2]!, kept[2]!);
    expect(tarWithout(archive, (path) => /_(fsm|vm)$/.test(path))).toEqual(tarOf(...kept));
  });

  it('gives back an archive that names nothing to leave out unchanged', () => {
    const archive = tarOf(tarEntry('/a', '0', 'one'), tarEntry('/b', '0', 'two'));
    expect(tarWithout(archive, () => false)).toEqual(archive);
    expect(tarWithout(archive, () => true)).toEqual(tarOf());
  });
});
