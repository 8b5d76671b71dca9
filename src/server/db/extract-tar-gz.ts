// Unpacks a gzipped tar such as PGlite's dumpDataDir writes (ustar: regular files and folders only)
// into a folder on disk, readable by its owner only, like the data dir it becomes part of.
// Synchronous: it runs before the server listens, and a thousand small files are written in a
// third of the time the thread pool takes.
import { closeSync, ftruncateSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { gunzipSync } from 'node:zlib';

const BLOCK = 512;

function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

/** The entry's path inside the archive, refused if it would land outside the target folder. */
function entryPath(header: Buffer): string {
  const name = field(header, 0, 100);
  const prefix = field(header, 257, 6).startsWith('ustar') ? field(header, 345, 155) : '';
  const path = normalize(prefix ? `${prefix}/${name}` : name).replace(/^[\\/]+/, '');
  if (path.split(/[\\/]/).includes('..')) throw new Error(`The archive's entry "${path}" points outside its folder.`);
  return path;
}

/** The data's length without its run of zero bytes at the end. */
function lengthBeforeZeros(data: Buffer): number {
  let end = data.length;
  while (end > 0 && data[end - 1] === 0) end--;
  return end;
}

/**
 * Writes `data` as a file, leaving a trailing run of zeros as a hole: reads give the same bytes, but a
 * 16 MB write-ahead log segment that is all but empty costs a few pages to create, not 16 MB.
 */
function writeSparse(path: string, data: Buffer): void {
  const fd = openSync(path, 'w', 0o600);
  try {
    writeSync(fd, data, 0, lengthBeforeZeros(data));
    ftruncateSync(fd, data.length);
  } finally {
    closeSync(fd);
  }
}

export function extractTarGz(archive: Buffer, target: string): void {
  const tar = gunzipSync(archive);
  const folders = new Set<string>();
  const folder = (path: string) => {
    if (!folders.has(path)) mkdirSync(path, { recursive: true, mode: 0o700 });
    folders.add(path);
  };
  folder(target);
  for (let offset = 0; offset + BLOCK <= tar.length; ) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header[0] === 0) break; // the end: every entry has a name
    const size = parseInt(field(header, 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(header[156]!);
    const path = join(target, entryPath(header));
    offset += BLOCK;
    if (type === '5') folder(path);
    else if (type === '0' || type === '\0') {
      folder(dirname(path));
      writeSparse(path, tar.subarray(offset, offset + size));
    } else throw new Error(`The archive holds an entry of tar type "${type}" (${path}); only files and folders are expected.`);
    offset += Math.ceil(size / BLOCK) * BLOCK;
  }
}
