// A new data dir's database starts as a copy of a migrated one shipped in the package
// (dist/pglite-template.tar.gz, made by `npm run build`), not from initdb in WASM: seconds less on
// the first start. The server migrates after opening as always, so a template older than the code
// still ends fully migrated.
import { createReadStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { extractTarGz } from './extract-tar-gz.js';

export const PGLITE_TEMPLATE_FILE = 'pglite-template.tar.gz';

/** The template beside the bundle running this code (dist/); none when running from source. */
export function shippedTemplate(): string | undefined {
  return typeof __dirname === 'string' ? join(__dirname, PGLITE_TEMPLATE_FILE) : undefined;
}

/** Gives `dir` its first database from `template` unless it has one; false when either stops it. */
export async function seedFromTemplate(dir: string, template: string): Promise<boolean> {
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
  return true;
}
