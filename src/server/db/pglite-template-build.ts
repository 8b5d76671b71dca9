// Makes the template a new data dir's database starts from (pglite-template.ts): PGlite in memory,
// migrated, and trimmed to what a start needs, because every byte of it is unpacked on a first start.
import { gunzipSync, gzipSync } from 'node:zlib';
import { migrate } from './migrate.js';
import { openPglite } from './pglite.js';
import { readCatalogAtStart } from './catalog-at-start.js';
import { readThroughSnapshot } from './schema-snapshot.js';
import { tarWithout } from './tar-without.js';

// A table's free-space map and visibility map (its _fsm and _vm files): hints that PostgreSQL reads
// as "no free space recorded" and "no page known all-visible" when missing, and writes anew when it
// next needs them. 88 of the template's 514 files, unpacked for nothing on every first start
// (~5% of it, bench/start).
const REBUILT_FORK = /^(base\/\d+|global)\/\d+_(fsm|vm)$/;

interface TemplateOptions {
  /** Stops at that version, for a test's template from an older build. */
  through?: number;
  /** Where to write the snapshot of the template's catalog rows (schema-snapshot.ts), for a copy's first start. */
  schemaSnapshot?: string;
}

export async function buildPgliteTemplate({ through = Infinity, schemaSnapshot }: TemplateOptions = {}): Promise<Buffer> {
  // Without recycling, the write-ahead log the migrations wrote is deleted at the checkpoint below
  // rather than kept as the next segment's file: the template keeps its current segment, all but
  // empty.
  const db = await openPglite({ settings: { wal_recycle: 'off' } });
  try {
    await migrate(db, { through });
    // The service only ever connects to "postgres" and never creates databases: the two template
    // databases initdb makes would be more than half of the files to unpack.
    // (One statement a call: DROP DATABASE refuses to run in the transaction a multi-statement call is.)
    for (const statement of [
      'alter database template1 is_template false',
      'drop database template1',
      `update pg_database set datistemplate = false where datname = 'template0'`,
      'drop database template0',
    ]) {
      await db.exec(statement);
    }
    // A new segment, then a checkpoint: opening a copy has no log to replay, and the old segment goes.
    await db.query('select pg_switch_wal()');
    await db.exec('checkpoint');
    // The catalog rows a start reads, under the catalog's fingerprint: a copy's first start finds it
    // current and skips reading its catalog, as a restart does.
    if (schemaSnapshot) await readThroughSnapshot(db, schemaSnapshot, readCatalogAtStart);
    const tar = gunzipSync(Buffer.from(await (await db.dumpDataDir()).arrayBuffer()));
    return gzipSync(tarWithout(tar, (path) => REBUILT_FORK.test(path)));
  } finally {
    await db.close();
  }
}
