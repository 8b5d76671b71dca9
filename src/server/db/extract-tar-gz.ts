// Unpacks a gzipped tar such as PGlite's dumpDataDir writes (ustar: regular files and folders only)
// into a folder on disk, readable by its owner only, like the data dir it becomes part of.
// Streamed: the template unpacks to ~12 MB (28 MB while its write-ahead log came in 16 MB segments),
// and holding it whole kept that much more memory resident in the server it starts. Runs of zeros are
// left as holes. The files are written with synchronous calls: a thousand small files are written in
// a third of the time the thread pool takes.
import { closeSync, ftruncateSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';

export const BLOCK = 512;
const CHUNK = 64 * 1024;
const ZEROS = Buffer.alloc(CHUNK);

function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

/** The entry's path inside the archive, refused if it would land outside the target folder. */
export function entryPath(header: Buffer): string {
  const name = field(header, 0, 100);
  const prefix = field(header, 257, 6).startsWith('ustar') ? field(header, 345, 155) : '';
  const path = normalize(prefix ? `${prefix}/${name}` : name).replace(/^[\\/]+/, '');
  if (path.split(/[\\/]/).includes('..')) throw new Error(`The archive's entry "${path}" points outside its folder.`);
  return path;
}

/** The length of the entry's content, which follows its header padded to whole blocks. */
export const entrySize = (header: Buffer): number => parseInt(field(header, 124, 12).trim() || '0', 8);

/** A file being written: bytes of zeros are skipped, and the length set at the end leaves them a hole. */
interface OpenFile {
  fd: number;
  size: number;
  written: number;
}

/** Reads the tar as it arrives, a header block, then an entry's content padded to whole blocks. */
class TarWriter {
  private readonly folders = new Set<string>();
  private header = Buffer.alloc(0);
  private file: OpenFile | null = null;
  private padding = 0;
  private ended = false;

  constructor(private readonly target: string) {
    this.folder(target);
  }

  push(chunk: Buffer): void {
    let rest = chunk;
    while (rest.length > 0 && !this.ended) {
      if (this.file) {
        rest = this.write(this.file, rest);
      } else if (this.padding > 0) {
        // What pads the content just written to whole blocks.
        const skipped = Math.min(this.padding, rest.length);
        this.padding -= skipped;
        rest = rest.subarray(skipped);
      } else {
        const needed = BLOCK - this.header.length;
        this.header = Buffer.concat([this.header, rest.subarray(0, needed)]);
        rest = rest.subarray(needed);
        if (this.header.length === BLOCK) this.begin(this.header);
      }
    }
  }

  /** Closes a file left open by an archive that ended, or failed, inside it. */
  close(): void {
    if (this.file) closeSync(this.file.fd);
    this.file = null;
  }

  private folder(path: string): void {
    if (!this.folders.has(path)) mkdirSync(path, { recursive: true, mode: 0o700 });
    this.folders.add(path);
  }

  private begin(header: Buffer): void {
    this.header = Buffer.alloc(0);
    if (header[0] === 0) {
      this.ended = true; // the end: every entry has a name
      return;
    }
    const size = entrySize(header);
    const type = String.fromCharCode(header[156]!);
    const path = join(this.target, entryPath(header));
    if (type === '5') return this.folder(path);
    if (type !== '0' && type !== '\0') throw new Error(`The archive holds an entry of tar type "${type}" (${path}); only files and folders are expected.`);
    this.folder(dirname(path));
    this.file = { fd: openSync(path, 'w', 0o600), size, written: 0 };
    this.padding = Math.ceil(size / BLOCK) * BLOCK - size;
    if (size === 0) this.finish(this.file);
  }

  /** Writes what of `chunk` belongs to the file; returns the rest. */
  private write(file: OpenFile, chunk: Buffer): Buffer {
    const piece = chunk.subarray(0, file.size - file.written);
    const zeros = piece.length <= CHUNK && piece.equals(ZEROS.subarray(0, piece.length));
    if (!zeros) writeSync(file.fd, piece, 0, piece.length, file.written);
    file.written += piece.length;
    if (file.written === file.size) this.finish(file);
    return chunk.subarray(piece.length);
  }

  private finish(file: OpenFile): void {
    ftruncateSync(file.fd, file.size);
    closeSync(file.fd);
    this.file = null;
  }
}

/** Unpacks the gzipped tar `gzipped` yields (a file's read stream, or a buffer in a list) under `target`. */
export async function extractTarGz(gzipped: AsyncIterable<Buffer> | Iterable<Buffer>, target: string): Promise<void> {
  const writer = new TarWriter(target);
  try {
    await pipeline(Readable.from(gzipped), createGunzip({ chunkSize: CHUNK }), async (tar: AsyncIterable<Buffer>) => {
      for await (const chunk of tar) writer.push(chunk);
    });
  } finally {
    writer.close();
  }
}
