// `practice profile use <name>`: makes a profile the one commands use by default.
import { Command } from 'commander';
import { checkProfileName, LOCAL_PROFILE } from '../../core/profiles.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';

export function useCommand(ctx: Context): Command {
  return new Command('use')
    .description('Use this profile from now on (PRACTICE_PROFILE and --profile still win)')
    .argument('<name>', 'the profile')
    .addHelpText('before', `Examples:
  $ practice profile use clinic
  $ practice profile use local
`)
    .action(async (name: string) => {
      checkProfileName(name);
      await ctx.config().update((config) => {
        if (name !== LOCAL_PROFILE && !config.profiles[name]?.url) {
          throw new UsageError(`There is no profile named "${name}".`, 'See `practice profile list`; add one with `practice profile add`.');
        }
        config.active = name;
      });
      ctx.out.success(`Using profile ${name}.`);
    });
}
