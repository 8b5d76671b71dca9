// `practice server status`: whether a server runs on the data dir and answers, where, and on which
// store. Exit 0 when it answers, 1 when it does not, so scripts can test it.
import { Command } from 'commander';
import { readServerState } from '../../local-service/server-state.js';
import type { Context } from '../context.js';
import { ExitCode, SilentExit } from '../errors.js';
import { dataDirOf, dataDirOption } from './shared.js';

const PROBE_TIMEOUT_MS = 3000;

/** Asks the REST root for its OpenAPI document: a live process is not yet a serving one. */
async function answers(url: string, anonKey: string): Promise<boolean> {
  try {
    // A probe keeps no connection: run inside a longer-lived process (practice mcp, a test), a kept
    // one would hold up the server's shutdown and count against its connections per address.
    const response = await fetch(`${url}/rest/v1/`, { headers: { apikey: anonKey, connection: 'close' }, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

export function statusCommand(ctx: Context): Command {
  return new Command('status')
    .description('Show whether the practice service is running and answering (exit 1 when not)')
    .addOption(dataDirOption())
    .option('--json', 'print the status as JSON')
    .addHelpText('before', `Examples:
  $ practice server status
  $ practice server status --json | jq -r .url
`)
    .action(async (options: { dataDir?: string; json?: boolean }) => {
      const dataDir = dataDirOf(options, ctx);
      const state = await readServerState(dataDir);
      const anonKey = state?.url ? await anonKeyOf(dataDir, ctx) : null;
      const running = state?.url != null && anonKey !== null && (await answers(state.url, anonKey));
      if (options.json) {
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
      } else if (state) {
        ctx.io.stdout.write(`not answering: pid ${state.pid} holds the data dir ${dataDir} but ${state.url ? `${state.url} does not answer` : 'is still starting'}\n`);
      } else {
        ctx.io.stdout.write(`not running (data dir ${dataDir})\n`);
      }
      if (!running) throw new SilentExit(ExitCode.failure);
    });
}

async function anonKeyOf(dataDir: string, ctx: Context): Promise<string> {
  const { loadServiceKeys } = await import('../../local-service/keys.js');
  return (await loadServiceKeys(dataDir, ctx.env)).anonKey;
}
