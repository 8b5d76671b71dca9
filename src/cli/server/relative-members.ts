// A backup's tar with members named relative to the data dir (`PG_VERSION`, `base/1/112`), as tar
// users expect: PGlite's dumpDataDir names them from the root (`/PG_VERSION`), which GNU tar strips
// with a warning. Only the headers change (name, prefix, checksum); the files' bytes are copied as
// they are. PGlite loads either form, so `server restore` reads backups of before and after this.
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { BLOCK, entryPath, entrySize } from '../../server/db/extract-tar-gz.js';

const NAME = { start: 0, length: 100 };
const PREFIX = { start: 345, length: 155 };
const CHECKSUM = { start: 148, length: 8 };

/** The gzipped tar `gzipped` with every member's path relative (no leading /, normalized). */
export async function withRelativeMembers(gzipped: Buffer): Promise<Buffer> {
  const tar = await promisify(gunzip)(gzipped);
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    // The end: blocks of zeros.
    if (header[0] === 0) break;
    rename(header, entryPath(header));
    offset += BLOCK + Math.ceil(entrySize(header) / BLOCK) * BLOCK;
  }
  return promisify(gzip)(tar);
}

/** Writes `path` into the header's name (and ustar prefix, for a long one) and its checksum again. */
function rename(header: Buffer, path: string): void {
  const bytes = Buffer.from(path, 'utf8');
  const hadPrefix = header[PREFIX.start] !== 0 && header.subarray(257, 262).toString('latin1') === 'ustar';
  if (bytes.length <= NAME.length) {
    write(header, NAME, bytes);
    // The prefix field of PGlite's writer holds times past its first byte: left alone when unused.
    if (hadPrefix) write(header, PREFIX, Buffer.alloc(0));
  } else {
    // ustar: the prefix is the path up to a slash, the name the rest.
    const cut = bytes.lastIndexOf(0x2f, PREFIX.length);
    if (cut <= 0 || bytes.length - cut - 1 > NAME.length) throw new Error(`The snapshot's entry "${path}" is too long for a tar header.`);
    write(header, PREFIX, bytes.subarray(0, cut));
    write(header, NAME, bytes.subarray(cut + 1));
  }
  header.fill(0x20, CHECKSUM.start, CHECKSUM.start + CHECKSUM.length);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, CHECKSUM.start, 'latin1');
}

function write(header: Buffer, field: { start: number; length: number }, value: Buffer): void {
  header.fill(0, field.start, field.start + field.length);
  value.copy(header, field.start);
}
