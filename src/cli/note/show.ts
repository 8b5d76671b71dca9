// `practice note show <note>`: one note in full, its client by name, its times on the practice's
// clock, its four parts under their headings; or --json (one object, or --json a,b its fields
// named), --format csv|ndjson as `note list` prints a note.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import { query } from '../../core/query-builder.js';
import { visibleText } from '../../core/visible-text.js';
import type { Client } from '../../model/records.js';
import { shortId } from '../../model/short-id.js';
import { SOAP_PARTS } from '../../model/record-values.js';
import type { Context } from '../context.js';
import { localTime } from '../shared/local-time.js';
import { COLUMNS, fetchNote, FIELDS } from './shared.js';

export function showCommand(ctx: Context): Command {
  const command = new Command('show')
    .alias('view')
    .description('Show a note in full')
    .argument('<note>', 'id or id prefix')
    .addHelpText('before', `Examples:
  $ practice note show 3f2a9c1b
  $ practice note show 3f2a9c1b --json
  $ practice note show 3f2a --json signed_at,plan
  $ practice note show 3f2a --format csv
`)
    .action((note: string, options: RowOptions) => runShow(note, options, ctx));
  return addOutputFlags(command, FIELDS);
}

async function runShow(text: string, options: RowOptions, ctx: Context): Promise<void> {
  const note = await fetchNote(ctx, text);
  if (options.format) return ctx.out.record(note, COLUMNS, options);
  if (options.json) return ctx.out.record(note, [], options);
  const api = await ctx.api();
  const [client] = await api.select<Pick<Client, 'name'>>('clients', query<Client>().eq('id', note.client_id).select(['name']));
  const { bold } = ctx.out.color;
  const facts = [
    `note:        ${note.id}`,
    `client:      ${client ? `${visibleText(client.name)} (${shortId(note.client_id)})` : note.client_id}`,
    ...(note.appointment_id ? [`appointment: ${note.appointment_id}`] : []),
    ...(note.amends_id ? [`amends:      ${note.amends_id}`] : []),
    `written:     ${note.created_at ? await localTime(ctx, note.created_at) : ''}`,
    `signed:      ${note.signed_at ? await localTime(ctx, note.signed_at) : 'not signed'}`,
  ];
  const parts = SOAP_PARTS.filter((part) => note[part]).map((part) => `\n${bold(part[0]!.toUpperCase() + part.slice(1))}\n${visibleText(note[part]!, '\n\t')}`);
  ctx.out.print([...facts, ...parts].join('\n'));
}
