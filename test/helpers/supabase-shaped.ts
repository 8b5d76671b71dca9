// A PostgreSQL database readied as a hosted Supabase project is: Supabase's roles, auth schema and
// grants (test/fixtures/supabase-shaped.sql), then the files of `practice server schema`, each
// applied with psql alone, as `supabase db push` or a person at the SQL editor would: never the
// service's own migrate().
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runPractice } from './cli.js';

export const SUPABASE_SHAPED = fileURLToPath(new URL('../fixtures/supabase-shaped.sql', import.meta.url));

/** `psql -v ON_ERROR_STOP=1 -f file` on `url`, as a person applying the files by hand would. */
export function psqlFile(url: string, file: string): void {
  const run = spawnSync('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', url, '-f', file], { encoding: 'utf8' });
  if (run.error) throw new Error(`psql could not run (install the PostgreSQL client): ${run.error.message}`);
  if (run.status !== 0) throw new Error(`psql -f ${file} failed (${run.status}): ${run.stderr}`);
}

/** The empty database at `url` made Supabase-shaped, then given the files the built CLI's `server schema --output` writes. */
export async function applySupabaseShaped(url: string): Promise<void> {
  psqlFile(url, SUPABASE_SHAPED);
  const home = await mkdtemp(join(tmpdir(), 'practice-supabase-'));
  try {
    const written = await runPractice(['server', 'schema', '--output', join(home, 'supabase', 'migrations'), '--json'], { PATH: process.env.PATH, HOME: home });
    if (written.code !== 0) throw new Error(`practice server schema failed (${written.code}): ${written.stderr}`);
    for (const file of JSON.parse(written.stdout) as string[]) psqlFile(url, file);
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}
