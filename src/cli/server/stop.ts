// `practice server stop`: asks the data dir's server to shut down (SIGTERM) and waits until its
// process has exited, so a script can start another one, or remove the data dir or the home, right
// after. The data dir's lock is released before that: on its way out the process still writes its
// compile cache under the home (src/cli/compile-cache.ts), and a home removed in that moment came back.
import { setTimeout as sleep } from 'node:timers/promises';
import { Command } from 'commander';
import { isProcessAlive } from '../../fs/process-alive.js';
import { readServerState } from '../../local-service/server-state.js';
import type { Context } from '../context.js';
import { CommandError } from '../errors.js';
import { dataDirOf, dataDirOption } from './shared.js';

const STOP_TIMEOUT_MS = 15_000;

export function stopCommand(ctx: Context): Command {
  return new Command('stop')
    .description('Stop the practice service running on a data dir')
    .addOption(dataDirOption())
    .addHelpText('before', `Examples:
  $ practice server stop
`)
    .action(async (options: { dataDir?: string }) => {
      const dataDir = dataDirOf(options, ctx);
      const state = await readServerState(dataDir);
      if (!state) {
        ctx.io.stderr.write(`No practice service is running on ${dataDir}.\n`);
        return;
      }
      process.kill(state.pid, 'SIGTERM');
      const deadline = Date.now() + STOP_TIMEOUT_MS;
      while (isProcessAlive(state.pid)) {
        if (Date.now() > deadline) {
          throw new CommandError(`The practice service (pid ${state.pid}) did not stop within ${STOP_TIMEOUT_MS / 1000} s.`, `Check it with \`ps -p ${state.pid}\`; \`kill -9 ${state.pid}\` ends it by force.`);
        }
        await sleep(50);
      }
      ctx.io.stderr.write(`Stopped the practice service (pid ${state.pid}).\n`);
    });
}
