// `practice client search <text>`: clients whose name, phone or email contains the text, case and
// accents ignored in the name (`jurgen` finds "Jürgen"): `or=(search_name.ilike...,phone.ilike...,
// email.ilike...)` with the text folded as the database folds search_name, by name, paged past the
// service's row cap. The query builder escapes the text, so it matches literally.
import { Command } from 'commander';
import { addOutputFlags, requestedFields } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import { query } from '../../core/query-builder.js';
import { byFoldedName } from '../../core/search-text.js';
import type { Client } from '../../model/records.js';
import type { Context } from '../context.js';
import { readRows } from '../shared/read-ranged.js';
import { COLUMNS, FIELDS } from './shared.js';

export function searchCommand(ctx: Context): Command {
  const command = new Command('search')
    .description('Find clients whose name, phone or email contains the text (any case, any accents)')
    .argument('<text>', 'part of the name, phone number or email')
    .addHelpText('before', `Examples:
  $ practice client search ann
  $ practice client search jurgen          # finds Jürgen too
  $ practice client search 555-01
  $ practice client search @example.com --format csv
  $ practice client search "o'brien" --json id,name
`)
    .action((text: string, options: RowOptions) => runSearch(text, options, ctx));
  return addOutputFlags(command, FIELDS);
}

export async function runSearch(text: string, options: RowOptions, ctx: Context): Promise<void> {
  const api = await ctx.api();
  const me = await api.userId();
  const fields = requestedFields(options);
  const search = (name: 'search_name' | 'name', wanted: string) => {
    const request = query<Client & { search_name: string }>()
      .or((match) => match.ilike(name, wanted).ilike('phone', text).ilike('email', text))
      .eq('therapist_id', me)
      .order('name');
    if (fields) request.select(fields as (keyof Client & string)[]);
    return readRows<Client>(api, 'clients', request);
  };
  const clients = await byFoldedName(text, search);
  await ctx.out.rows(clients, COLUMNS, options, `No client's name, phone or email contains "${text}".`);
}
