// `practice server token`: mints a user access token with the data dir's secret, for scripts and
// tests that need to act as a therapist without signing in.
import { Command } from 'commander';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { dataDirOf, dataDirOption, integerIn } from './shared.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function tokenCommand(ctx: Context): Command {
  return new Command('token')
    .description("Print an access token for a user id, signed with the data dir's secret")
    .requiredOption('--sub <uuid>', 'the user (therapist) id the token speaks for')
    .option('--expires-in <seconds>', 'lifetime of the token', integerIn(1, 31_536_000, 'seconds'), 3600)
    .addOption(dataDirOption())
    .addHelpText('before', `Examples:
  $ practice server token --sub 6f1c2a9e-0b7d-4c1e-9a53-2d8f0e4b7c11
  $ TOKEN=$(practice server token --sub "$USER_ID" --expires-in 600)
`)
    .action(async (options: { sub: string; expiresIn: number; dataDir?: string }) => {
      if (!UUID.test(options.sub)) throw new UsageError(`--sub must be a uuid such as 6f1c2a9e-0b7d-4c1e-9a53-2d8f0e4b7c11, not "${options.sub}".`);
      const { ensureDataDir } = await import('../../local-service/data-dir.js');
      const { loadJwtSecret } = await import('../../local-service/keys.js');
      const { signAccessToken } = await import('../../server/auth/tokens.js');
      const dataDir = dataDirOf(options, ctx);
      await ensureDataDir(dataDir);
      const secret = await loadJwtSecret(dataDir, ctx.env);
      const { token } = await signAccessToken(secret, { sub: options.sub.toLowerCase() }, options.expiresIn, ctx.now());
      ctx.io.stdout.write(`${token}\n`);
    });
}
