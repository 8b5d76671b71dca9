// A ustar archive less some of its entries, the others copied byte for byte: how the template
// (pglite-template-build.ts) leaves out what a first start need not unpack.
import { BLOCK, entryPath, entrySize } from './extract-tar-gz.js';

/** `tar` (uncompressed) without the entries whose path `leaveOut` names. */
export function tarWithout(tar: Buffer, leaveOut: (path: string) => boolean): Buffer {
  const kept: Buffer[] = [];
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    // The end: blocks of zeros, kept as they are.
    if (header[0] === 0) break;
    const next = offset + BLOCK + Math.ceil(entrySize(header) / BLOCK) * BLOCK;
    if (!leaveOut(entryPath(header))) kept.push(tar.subarray(offset, next));
    offset = next;
  }
  kept.push(tar.subarray(offset));
  return Buffer.concat(kept);
}
