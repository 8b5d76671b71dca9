// Makes the template a new data dir's database starts from (pglite-template.ts): PGlite in memory,
// migrated, checkpointed so that opening a copy has no write-ahead log to replay, then dumped.
import { migrate } from './migrate.js';
import { migrations, type Migration } from './migrations/index.js';
import { openPglite } from './pglite.js';

export async function buildPgliteTemplate(known: readonly Migration[] = migrations): Promise<Buffer> {
  const db = await openPglite({});
  try {
    await migrate(db, known);
    await db.exec('checkpoint');
    return Buffer.from(await (await db.dumpDataDir()).arrayBuffer());
  } finally {
    await db.close();
  }
}
