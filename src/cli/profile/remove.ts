// `practice profile remove <name>`: forgets a profile and its session here. It does not end the
// session on the server; `practice auth logout --profile <name>` first does that.
import { Command } from 'commander';
import { checkProfileName, LOCAL_PROFILE } from '../../core/profiles.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';

export function removeCommand(ctx: Context): Command {
  return new Command('remove')
    .alias('rm')
    .description('Forget a profile and its stored session (run `auth logout` first to end it on the server)')
    .argument('<name>', 'the profile')
    .addHelpText('before', `Examples:
  $ practice auth logout --profile clinic && practice profile remove clinic
`)
    .action(async (name: string) => {
      checkProfileName(name);
      if (name === LOCAL_PROFILE) throw new UsageError('The local profile is built in and cannot be removed.', 'Sign it out with `practice auth logout --profile local`.');
      const wasActive = await ctx.config().update((config) => {
        if (!config.profiles[name]) throw new UsageError(`There is no profile named "${name}".`, 'See `practice profile list`.');
        delete config.profiles[name];
        const active = config.active === name;
        if (active) delete config.active;
        return active;
      });
      ctx.out.success(`Removed profile ${name}.${wasActive ? ' The local profile is active again.' : ''}`);
    });
}
