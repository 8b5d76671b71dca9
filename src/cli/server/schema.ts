// `practice server schema`: the service's migrations as plain SQL for a database it does not migrate
// itself, such as a hosted Supabase project: one file per version in supabase/migrations' layout,
// or all of them on stdout.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Command } from 'commander';
import { writeFileAtomically } from '../../fs/atomic-files.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { unwritable } from '../shared/write-file.js';

interface SchemaOptions {
  output?: string;
  json?: boolean;
}

export function schemaCommand(ctx: Context): Command {
  return new Command('schema')
    .description("Print the service's schema as SQL migrations, or write them for `supabase db push`")
    .option('-o, --output <dir>', 'write one file per migration into this folder (created if missing) instead of stdout')
    .option('--json', 'with --output: print the written paths as a JSON array')
    .addHelpText('before', `Examples:
  $ practice server schema --output supabase/migrations && supabase db push
  $ practice server schema > practice-schema.sql            # to paste into Supabase's SQL editor
  $ practice server schema --output supabase/migrations --json | jq -r '.[]'
`)
    .addHelpText('after', `
Each file applies its migration only if the database has not recorded it yet, so running the files
again changes nothing; a service started later on the same database finds them applied.`)
    .action((options: SchemaOptions) => runSchema(options, ctx));
}

async function runSchema(options: SchemaOptions, ctx: Context): Promise<void> {
  if (options.json && options.output === undefined) {
    throw new UsageError('--json lists the files --output writes; the SQL itself is printed as SQL.', 'Add --output DIR, or leave out --json.');
  }
  const { migrationFiles } = await import('../../server/db/migration-files.js');
  const files = migrationFiles();
  if (options.output === undefined) {
    ctx.io.stdout.write(files.map((file) => `-- ${file.name}\n${file.sql}`).join('\n'));
    return;
  }
  const written: string[] = [];
  for (const file of files) {
    const path = join(options.output, file.name);
    try {
      await mkdir(options.output, { recursive: true });
      await writeFileAtomically(path, file.sql);
    } catch (err) {
      throw unwritable(path, err as NodeJS.ErrnoException);
    }
    written.push(path);
  }
  ctx.io.stdout.write(options.json ? `${JSON.stringify(written)}\n` : `${written.join('\n')}\n`);
}
