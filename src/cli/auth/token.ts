// `practice auth token`: prints the access token (renewed first if it is about to expire), for
// scripts that call the project themselves. The one command that prints a secret.
import { Command } from 'commander';
import type { Context } from '../context.js';

export function tokenCommand(ctx: Context): Command {
  return new Command('token')
    .description('Print the access token of the active profile (it is a secret)')
    .addHelpText('before', `Examples:
  $ curl -H "apikey: $ANON_KEY" -H "Authorization: Bearer $(practice auth token)" "$URL/rest/v1/clients"
`)
    .action(async () => {
      const { session } = await ctx.connection();
      ctx.out.print(await session.accessToken());
    });
}
