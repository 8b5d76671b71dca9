// `practice service`: the practice's service menu (service_menu): what it offers, for how long and
// at what price. A service appointments are booked with is retired; only an unused one can be deleted.
import { Command } from 'commander';
import type { Context } from '../context.js';
import { addCommand } from './add.js';
import { deleteCommand } from './delete.js';
import { listCommand } from './list.js';
import { retireCommand } from './retire.js';
import { updateCommand } from './update.js';

export function serviceCommand(ctx: Context): Command {
  return new Command('service')
    .addHelpText('before', `Examples:\n  $ practice service list\n  $ practice service add --name "Swedish 60" --duration 60 --price 85\n  $ practice service retire "swedish 60" --yes\n`)
    .addCommand(listCommand(ctx))
    .addCommand(addCommand(ctx))
    .addCommand(updateCommand(ctx))
    .addCommand(retireCommand(ctx))
    .addCommand(deleteCommand(ctx));
}
