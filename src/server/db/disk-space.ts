// The free space a PGlite data dir keeps for its writes. PGlite (0.5) meets a full disk badly: a
// write that needs a new 16 MB WAL segment fails, and the next statement blocks Node's thread for
// good, surviving freed space and SIGTERM (measured on a tmpfs, docs/architecture.md). So a write is
// refused before it starts while less than a segment and some room for the tables are free.
import { statfsSync } from 'node:fs';

const MIB = 1024 * 1024;
/** One WAL segment (16 MB) and 8 MB for the tables and indexes a write extends. */
export const DISK_RESERVE_BYTES = 24 * MIB;

/** PostgreSQL's disk_full, answered by the REST surface as PostgREST does: 503. */
class DiskFullError extends Error {
  readonly code = '53100';
  readonly hint = 'Check free disk space.';
}

/** Throws 53100 when the disk holding `dir` has less than DISK_RESERVE_BYTES free. */
export function assertDiskSpace(dir: string): void {
  const { bavail, bsize } = statfsSync(dir);
  const free = bavail * bsize;
  if (free < DISK_RESERVE_BYTES) {
    throw new DiskFullError(
      `could not write to the database: ${(free / MIB).toFixed(1)} MB free on its disk, ${DISK_RESERVE_BYTES / MIB} MB are kept free for its log`,
    );
  }
}
