// `practice msg add`: appends one message to a client's conversation log (POST conversation_log with
// a client-chosen id). The log is append-only: the service refuses changes and deletions.
import { Command, Option } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import { CONVERSATION_CHANNELS, CONVERSATION_ROLES, type ConversationChannel, type ConversationRole } from '../../model/record-values.js';
import type { Message } from '../../model/records.js';
import type { Context } from '../context.js';
import { checkInput, inputSchemas, practiceTimeZone } from '../shared/input.js';
import { resolveClient } from '../shared/resolve.js';
import { reportCreated } from '../shared/report.js';
import { FIELDS, messageColumns } from './shared.js';

export interface AddOptions extends RowOptions {
  client: string;
  role: ConversationRole;
  message: string;
  channel?: ConversationChannel;
}

export function addCommand(ctx: Context): Command {
  const command = new Command('add')
    .description("Add a message to a client's conversation log; prints the new id")
    .requiredOption('--client <client>', 'the client: name, id or id prefix')
    .addOption(new Option('--role <role>', 'who said it').choices(CONVERSATION_ROLES).makeOptionMandatory())
    .requiredOption('--message <text>', 'what was said')
    .addOption(new Option('--channel <channel>', 'where it was said (default: chat)').choices(CONVERSATION_CHANNELS))
    .addHelpText('before', `Examples:
  $ practice msg add --client "Ann Lee" --role client --channel sms --message "Running 10 min late"
  $ practice msg add --client 3f2a --role therapist --message "See you Tuesday at 10"
`)
    .action((options: AddOptions) => runAdd(options, ctx));
  return addOutputFlags(command, FIELDS);
}

export async function runAdd(options: AddOptions, ctx: Context): Promise<void> {
  // The client is looked up after the text is checked, so a bad message sends nothing at all.
  const { messageTextSchema } = await inputSchemas();
  const body = checkInput(messageTextSchema, { id: crypto.randomUUID(), role: options.role, message: options.message, channel: options.channel }, { message: '--message' });
  const client = await resolveClient(ctx, options.client);
  const [message] = await (await ctx.api()).insert<Message>('conversation_log', { ...body, client_id: client.id });
  await reportCreated(ctx, `Added a ${message!.role} message to ${client.name}'s log.`, message!, messageColumns(await practiceTimeZone(ctx)), options);
}
