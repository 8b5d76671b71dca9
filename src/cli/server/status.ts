// `practice server status`: whether a server runs on the data dir, where, and on which store.
// Exit 0 when running, 1 when not, so scripts can test it.
import { Command } from 'commander';
import { readServerState } from '../../server/server-state.js';
import type { Context } from '../context.js';
import { ExitCode, SilentExit } from '../errors.js';
import { dataDirOf, dataDirOption } from './options.js';

export function statusCommand(ctx: Context): Command {
  return new Command('status')
    .description('Show whether the practice service is running (exit 1 when it is not)')
    .addOption(dataDirOption())
    .option('--json', 'print the status as JSON')
    .addHelpText('after', `
Examples:
  $ practice server status
  $ practice server status --json | jq -r .url`)
    .action(async (options: { dataDir?: string; json?: boolean }) => {
      const dataDir = dataDirOf(options, ctx);
      const state = await readServerState(dataDir);
      const running = state?.url != null;
      if (options.json) {
        const anonKey = running ? await anonKeyOf(dataDir, ctx) : null;
        ctx.io.stdout.write(`${JSON.stringify({
          running,
          url: state?.url ?? null,
          anon_key: anonKey,
          pid: state?.pid ?? null,
          store: state?.store ?? null,
          data_dir: dataDir,
          started_at: state?.startedAt ?? null,
        })}\n`);
      } else if (running) {
        ctx.io.stdout.write(`running at ${state!.url} (pid ${state!.pid}, ${state!.store}, data dir ${dataDir})\n`);
      } else {
        ctx.io.stdout.write(`not running (data dir ${dataDir})\n`);
      }
      if (!running) throw new SilentExit(ExitCode.failure);
    });
}

async function anonKeyOf(dataDir: string, ctx: Context): Promise<string> {
  const { loadServiceKeys } = await import('../../server/auth/keys.js');
  return (await loadServiceKeys(dataDir, ctx.env)).anonKey;
}
