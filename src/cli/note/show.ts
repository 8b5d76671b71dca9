// `practice note show <note>`: one note in full, its four parts under their headings, or --json
// (one object, or --json a,b its fields named).
import { Command } from 'commander';
import { addJsonFlag } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import { visibleText } from '../../core/visible-text.js';
import { SOAP_PARTS } from '../../model/record-values.js';
import type { Context } from '../context.js';
import { fetchNote, FIELDS } from './shared.js';

export function showCommand(ctx: Context): Command {
  const command = new Command('show')
    .alias('view')
    .description('Show a note in full')
    .argument('<note>', 'id or id prefix')
    .addHelpText('before', `Examples:
  $ practice note show 3f2a9c1b
  $ practice note show 3f2a9c1b --json
  $ practice note show 3f2a --json signed_at,plan
`)
    .action((note: string, options: RowOptions) => runShow(note, options, ctx));
  return addJsonFlag(command, FIELDS);
}

async function runShow(text: string, options: RowOptions, ctx: Context): Promise<void> {
  const note = await fetchNote(ctx, text);
  if (options.json) return ctx.out.record(note, [], options);
  const { bold } = ctx.out.color;
  const facts = [
    `note:        ${note.id}`,
    `client:      ${note.client_id}`,
    ...(note.appointment_id ? [`appointment: ${note.appointment_id}`] : []),
    ...(note.amends_id ? [`amends:      ${note.amends_id}`] : []),
    `written:     ${note.created_at ?? ''}`,
    `signed:      ${note.signed_at ?? 'not signed'}`,
  ];
  const parts = SOAP_PARTS.filter((part) => note[part]).map((part) => `\n${bold(part[0]!.toUpperCase() + part.slice(1))}\n${visibleText(note[part]!, '\n\t')}`);
  ctx.out.print([...facts, ...parts].join('\n'));
}
