// Makes the template a new data dir's database starts from (pglite-template.ts): PGlite in memory,
// migrated, and trimmed to what a start needs, because every byte of it is unpacked on a first start.
import { migrate } from './migrate.js';
import { openPglite } from './pglite.js';
import { schemaCacheThrough } from './schema-snapshot.js';

interface TemplateOptions {
  /** Stops at that version, for a test's template from an older build. */
  through?: number;
  /** Where to write the schema cache's snapshot of the template (schema-snapshot.ts), for a copy's first start. */
  schemaSnapshot?: string;
}

export async function buildPgliteTemplate({ through = Infinity, schemaSnapshot }: TemplateOptions = {}): Promise<Buffer> {
  // Without recycling, the write-ahead log the migrations wrote is deleted at the checkpoint below
  // rather than kept as the next segment's file: the template keeps one segment, all but empty.
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
    if (schemaSnapshot) await schemaCacheThrough(db, schemaSnapshot);
    return Buffer.from(await (await db.dumpDataDir()).arrayBuffer());
  } finally {
    await db.close();
  }
}
