// A backup's members named relative to the data dir (src/cli/server/relative-members.ts): only the
// headers' names, prefixes and checksums change, and what each member holds is copied as it was.
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { withRelativeMembers } from '../../src/cli/server/relative-members.js';
import { tarEntry, tarOf } from '../helpers/tar-entry.js';

const field = (header: Buffer, start: number, length: number) => header.subarray(start, start + length).toString('utf8').replace(/\0.*$/s, '');

/** Each member's path (ustar prefix and name), whether its checksum is right, and its content. */
function members(tar: Buffer): Array<{ path: string; checksumOk: boolean; content: string }> {
  const found = [];
  for (let at = 0; at + 512 <= tar.length && tar[at] !== 0;) {
    const header = tar.subarray(at, at + 512);
    const size = parseInt(field(header, 124, 12), 8);
    const prefix = field(header, 345, 155);
    let sum = 0;
    header.forEach((byte, i) => (sum += i >= 148 && i < 156 ? 0x20 : byte));
    found.push({
      path: prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100),
      checksumOk: parseInt(field(header, 148, 8), 8) === sum,
      content: tar.subarray(at + 512, at + 512 + size).toString('utf8'),
    });
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return found;
}

const relative = async (...entries: Buffer[]) => gunzipSync(await withRelativeMembers(gzipSync(tarOf(...entries))));

describe('withRelativeMembers', () => {
  it("drops the leading / of PGlite's names and keeps every member's content", async () => {
    const tar = await relative(tarEntry('/base', '5'), tarEntry('/base/5/1259', '0', 'x'.repeat(1300)), tarEntry('/PG_VERSION', '0', '17\n'));
    expect(members(tar)).toEqual([
      { path: 'base', checksumOk: true, content: '' },
      { path: 'base/5/1259', checksumOk: true, content: 'x'.repeat(1300) },
      { path: 'PG_VERSION', checksumOk: true, content: '17\n' },
    ]);
  });

  it('leaves a relative name as it was, and splits a long one into a ustar prefix and name', async () => {
    const long = `/${'d'.repeat(60)}/${'e'.repeat(60)}/file`;
    const tar = await relative(tarEntry('global/1262', '0', 'g'), tarEntry(long.slice(0, 100), '0', 'cut'));
    expect(members(tar).map((member) => member.path)).toEqual(['global/1262', long.slice(1, 100)]);
    // A name of more than 100 bytes cannot come from a 100-byte field; built here in prefix and name.
    const header = tarEntry('file', '0', 'long');
    header.write(long.slice(0, -5), 345);
    expect(members(await relative(header))).toEqual([{ path: long.slice(1), checksumOk: true, content: 'long' }]);
  });

  it('refuses a member that points outside the data dir', async () => {
    await expect(relative(tarEntry('base/../../etc/passwd', '0', 'x'))).rejects.toThrow(/points outside its folder/);
  });
});
