// `practice client add`: a new client (DESIGN.md section 3: only the name is required). Checked
// before sending; the id is chosen here so a retried create cannot make the client twice.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import type { Client } from '../../model/records.js';
import { nameWithId } from '../../model/short-id.js';
import type { Context } from '../context.js';
import { checkInput, inputSchemas } from '../shared/input.js';
import { explainDuplicate } from '../shared/refusal.js';
import { reportCreated } from '../shared/report.js';
import { type ClientFieldOptions, clientFields, COLUMNS, emailOf, FIELDS, FLAG_OF } from './shared.js';

type AddOptions = ClientFieldOptions & RowOptions;

export function addCommand(ctx: Context): Command {
  const command = new Command('add')
    .description('Add a client; prints the new id')
    .option('--name <name>', 'full name (asked for on a terminal when missing)')
    .option('--phone <phone>', 'phone number')
    .option('--email <email>', 'email address (unique in the practice)')
    .option('--notes <text>', 'anything worth remembering')
    .option('--diagnosis <codes>', 'ICD-10 codes a superbill names, comma-separated, like M54.5,G44.2')
    .addHelpText('before', `Examples:
  $ practice client add --name "Ann Lee" --phone 555-0100 --email ann@example.com
  $ id=$(practice client add --name "Bo Chen")
`)
    .action((options: AddOptions) => runAdd(options, ctx));
  return addOutputFlags(command, FIELDS);
}

async function runAdd(options: AddOptions, ctx: Context): Promise<void> {
  const { clientCreateSchema } = await inputSchemas();
  const name = options.name ?? (await ctx.prompt.text('Name', { flag: '--name' }));
  const client = checkInput(clientCreateSchema, { ...clientFields(options), name, id: crypto.randomUUID() }, FLAG_OF);
  const insert = (await ctx.api()).insert<Client>('clients', client);
  const [created] = await explainDuplicate(ctx, insert, emailOf(client.email));
  await reportCreated(ctx, `Added client ${nameWithId(created!)}.`, created!, COLUMNS, options);
}
