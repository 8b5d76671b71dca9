// Makes the template a new data dir's database starts from (pglite-template.ts): PGlite in memory,
// migrated, checkpointed so that opening a copy has no write-ahead log to replay, then dumped.
import { migrate } from './migrate.js';
import { openPglite } from './pglite.js';

/** `through` stops at that version, for a test's template from an older build. */
export async function buildPgliteTemplate({ through = Infinity }: { through?: number } = {}): Promise<Buffer> {
  const db = await openPglite({});
  try {
    await migrate(db, { through });
    await db.exec('checkpoint');
    return Buffer.from(await (await db.dumpDataDir()).arrayBuffer());
  } finally {
    await db.close();
  }
}
