// `practice note show <note>`: one note in full, its four parts under their headings, or --json.
import { Command } from 'commander';
import type { Context } from '../context.js';
import { SOAP_PARTS } from './columns.js';
import { fetchNote } from './stored.js';

export function showCommand(ctx: Context): Command {
  return new Command('show')
    .alias('view')
    .description('Show a note in full')
    .argument('<note>', 'id or id prefix')
    .option('--json', 'print the note as JSON')
    .addHelpText('before', `Examples:
  $ practice note show 3f2a9c1b
  $ practice note show 3f2a9c1b --json
`)
    .action((note: string, options: { json?: boolean }) => runShow(note, options, ctx));
}

export async function runShow(text: string, options: { json?: boolean }, ctx: Context): Promise<void> {
  const note = await fetchNote(ctx, text);
  if (options.json) return ctx.out.json(note);
  const { bold } = ctx.out.color;
  const facts = [
    `note:        ${note.id}`,
    `client:      ${note.client_id}`,
    ...(note.appointment_id ? [`appointment: ${note.appointment_id}`] : []),
    ...(note.amends_id ? [`amends:      ${note.amends_id}`] : []),
    `written:     ${note.created_at ?? ''}`,
    `signed:      ${note.signed_at ?? 'not signed'}`,
  ];
  const parts = SOAP_PARTS.filter((part) => note[part]).map((part) => `\n${bold(part[0]!.toUpperCase() + part.slice(1))}\n${note[part]}`);
  ctx.out.print([...facts, ...parts].join('\n'));
}
