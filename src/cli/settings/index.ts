// `practice settings`: the practice's retention periods and its own details (migration 15's table
// practice_settings), shown by default, set and unset one key at a time.
import { Command } from 'commander';
import type { Context } from '../context.js';
import { setCommand } from './set.js';
import { showCommand } from './show.js';
import { unsetCommand } from './unset.js';

export function settingsCommand(ctx: Context): Command {
  return new Command('settings')
    .addHelpText('before', `Examples:
  $ practice settings
  $ practice settings set financial_retention_years 10
  $ practice settings set tax_id "DE123456789"
`)
    .addCommand(showCommand(ctx), { isDefault: true })
    .addCommand(setCommand(ctx))
    .addCommand(unsetCommand(ctx));
}
