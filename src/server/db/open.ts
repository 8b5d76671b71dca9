// Chooses the store: a PostgreSQL server when a URL is given, else PGlite (on disk under
// <dataDir>/pglite, first copied from the shipped template, or in memory for tests). Drivers load
// only when chosen.
import { pgliteDir, schemaSnapshotPath } from '../../local-service/data-dir.js';
import type { Database, DatabaseOptions } from './database.js';
import type { PgliteTarget } from './pglite.js';
import { seedFromTemplate, shippedTemplate } from './pglite-template.js';

export type DatabaseTarget = { url: string } | { dataDir: string } | { memory: true; loadDataDir?: Blob };

export async function openDatabase(target: DatabaseTarget, options: DatabaseOptions = {}): Promise<Database> {
  if ('url' in target) {
    const { openPostgres } = await import('./postgres.js');
    return openPostgres(target.url, options);
  }
  const { openPglite } = await import('./pglite.js');
  const template = shippedTemplate();
  if ('dataDir' in target && template) await seedFromTemplate(pgliteDir(target.dataDir), template, schemaSnapshotPath(target.dataDir));
  const pgliteTarget: PgliteTarget =
    'dataDir' in target ? { dataDir: pgliteDir(target.dataDir) } : target.loadDataDir ? { loadDataDir: target.loadDataDir } : {};
  return openPglite(pgliteTarget, options);
}
