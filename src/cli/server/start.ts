// `practice server start`: in the foreground (prints one JSON line once listening, stops on
// SIGINT/SIGTERM) or, by default, as a background process that outlives the command.
import { Command, Option } from 'commander';
import type { Context } from '../context.js';
import { CommandError } from '../errors.js';
import { startInBackground } from './background.js';
import { dataDirOf, dataDirOption, integerIn } from './options.js';

export const DEFAULT_PORT = 54321;

export interface StartOptions {
  host: string;
  port: number;
  dataDir?: string;
  databaseUrl?: string;
  foreground?: boolean;
}

export function startCommand(ctx: Context): Command {
  return new Command('start')
    .description('Start the practice service')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--port <port>', 'port to listen on (0 picks a free one)', integerIn(0, 65535, 'a port'), DEFAULT_PORT)
    .addOption(dataDirOption())
    .addOption(
      new Option('--database-url <url>', 'run on this PostgreSQL server instead of PGlite').env('PRACTICE_DATABASE_URL'),
    )
    .option('--foreground', 'stay in the foreground and print {"url", "anon_key"} once listening')
    .addHelpText('after', `
Examples:
  $ practice server start                      # PGlite under ~/.local/share/practice, in the background
  $ practice server start --foreground --port 0
  $ practice server start --database-url postgres://user@db.example/practice`)
    .action((options: StartOptions) => runStart(options, ctx));
}

export async function runStart(options: StartOptions, ctx: Context): Promise<void> {
  const dataDir = dataDirOf(options, ctx);
  if (!options.foreground) {
    const started = await startInBackground(ctx, { ...options, dataDir });
    ctx.io.stderr.write(
      started.alreadyRunning ? `The practice service is already running at ${started.url}\n` : `The practice service is running at ${started.url}\n`,
    );
    return;
  }
  const { serve } = await import('../../server/serve.js');
  const { DataDirLockedError } = await import('../../server/server-state.js');
  let server;
  try {
    server = await serve({ host: options.host, port: options.port, dataDir, databaseUrl: options.databaseUrl, env: ctx.env });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      throw new CommandError(err.message, 'Stop it with `practice server stop`, or pass another --data-dir.');
    }
    throw new CommandError(`The practice service could not start: ${(err as Error).message}`);
  }
  ctx.io.stdout.write(`${JSON.stringify({ url: server.url, anon_key: server.keys.anonKey })}\n`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.close();
}
