// A new data dir's database starts as a copy of a migrated one shipped in the package
// (dist/pglite-template.tar.gz, made by `npm run build`), not from initdb in WASM: seconds less on
// the first start. The server migrates after opening as always, so a template older than the code
// still ends fully migrated. Beside it, the schema cache's snapshot of it (schema-snapshot.ts), so a
// first start skips reading the catalog as a restart does (~175 ms of catalog queries in WASM).
import { createReadStream } from 'node:fs';
import { copyFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { extractTarGz } from './extract-tar-gz.js';

export const PGLITE_TEMPLATE_FILE = 'pglite-template.tar.gz';

/** The schema cache's snapshot of a template: its own file beside it. */
export const templateSnapshot = (template: string): string => join(dirname(template), 'pglite-template.schema-cache.json');

/** The template beside the bundle running this code (dist/); none when running from source. */
export function shippedTemplate(): string | undefined {
  return typeof __dirname === 'string' ? join(__dirname, PGLITE_TEMPLATE_FILE) : undefined;
}

/**
 * Gives `dir` its first database from `template` unless it has one; false when either stops it.
 * With `snapshotTo`, the template's schema snapshot goes there too, when it has one: a cache, so one
 * that cannot be copied is none.
 */
export async function seedFromTemplate(dir: string, template: string, snapshotTo?: string): Promise<boolean> {
  const exists = (path: string) => stat(path).then(() => true, (err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return false;
    throw err;
  });
  if ((await exists(dir)) || !(await exists(template))) return false;
  // Unpacked aside and renamed into place: a start interrupted half-way leaves no half a database.
  const partial = `${dir}.partial-${process.pid}`;
  try {
    await extractTarGz(createReadStream(template), partial);
    await rename(partial, dir);
  } catch (err) {
    await rm(partial, { recursive: true, force: true });
    throw err;
  }
  if (snapshotTo) await copyFile(templateSnapshot(template), snapshotTo).catch(() => {});
  return true;
}
