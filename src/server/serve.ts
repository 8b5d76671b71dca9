// Starting the service: lock the data dir, load the keys, open and migrate the store, connect the
// rate-limit counters (Redis when REDIS_URL is set), listen. `server start --foreground` runs it.
import type { FastifyInstance } from 'fastify';
import { ensureDataDir, schemaSnapshotPath } from '../local-service/data-dir.js';
import { loadServiceKeys, type ServiceKeys } from '../local-service/keys.js';
import { acquireServerLock, type ServerLock } from '../local-service/server-state.js';
import { buildApp } from './app.js';
import type { Database, StatementTimeouts } from './db/database.js';
import { openDatabase } from './db/open.js';
import { DEFAULT_RATE_LIMITS, type ConnectionSettings, type RateLimitSettings } from './http/limits.js';
import { closeRedis, openRateLimitStore } from './http/rate-limits.js';
import { prepareDatabase } from './prepare.js';

export interface ServeOptions {
  host: string;
  port: number;
  dataDir: string;
  /** A PostgreSQL server; absent runs PGlite under the data dir. */
  databaseUrl?: string | undefined;
  /** How long one request's statement may run, per role; default Supabase's 3 s anon, 8 s authenticated. */
  statementTimeouts?: StatementTimeouts | undefined;
  /** Default: INTERFACE.md's limits. */
  rateLimits?: RateLimitSettings | undefined;
  /** Load balancers whose X-Forwarded-For is believed (app.ts). */
  trustProxy?: string | undefined;
  /** Browser origins allowed (app.ts); absent: every origin. */
  corsOrigins?: readonly string[] | undefined;
  /** Timeouts for slow clients and the per-address connection cap (app.ts); absent: the defaults. */
  connections?: ConnectionSettings | undefined;
  /** false: the schema was applied by someone else (`practice server schema`); refuse to serve if any version is missing. */
  migrations?: boolean | undefined;
  /** REDIS_URL, when set, holds the rate-limit counters every instance shares. */
  env: NodeJS.ProcessEnv;
}

export interface RunningServer {
  url: string;
  keys: ServiceKeys;
  close(): Promise<void>;
}

/** Resources opened so far, closed in reverse order whether start-up finished or not. */
class Shutdown {
  private readonly steps: Array<() => Promise<unknown>> = [];
  add(step: () => Promise<unknown>) {
    this.steps.unshift(step);
  }
  async run() {
    for (const step of this.steps.splice(0)) await step().catch(() => {});
  }
}

export async function listen(app: FastifyInstance, host: string, port: number): Promise<string> {
  await app.listen({ host, port });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return `http://${shownHost}:${actualPort}`;
}

export async function serve(options: ServeOptions): Promise<RunningServer> {
  const shutdown = new Shutdown();
  try {
    await ensureDataDir(options.dataDir);
    const lock: ServerLock = await acquireServerLock(options.dataDir, options.databaseUrl ? 'postgres' : 'pglite');
    shutdown.add(() => lock.release());
    const keys = await loadServiceKeys(options.dataDir, options.env);
    const db: Database = await openDatabase(options.databaseUrl ? { url: options.databaseUrl } : { dataDir: options.dataDir }, {
      statementTimeouts: options.statementTimeouts,
    });
    shutdown.add(() => db.close());
    const { schema, accountStore } = await prepareDatabase(db, {
      migrations: options.migrations ?? true,
      schemaSnapshot: options.databaseUrl ? undefined : schemaSnapshotPath(options.dataDir),
    });
    const rateLimits = options.rateLimits ?? DEFAULT_RATE_LIMITS;
    const rateLimitStore = await openRateLimitStore(rateLimits, options.env.REDIS_URL);
    if (rateLimitStore) shutdown.add(() => closeRedis(rateLimitStore.redis));
    const app = await buildApp({ db, schema, accountStore, keys, rateLimits, rateLimitStore, trustProxy: options.trustProxy, corsOrigins: options.corsOrigins, connections: options.connections });
    shutdown.add(() => app.close());
    const url = await listen(app, options.host, options.port);
    await lock.publish(url);
    return { url, keys, close: () => shutdown.run() };
  } catch (err) {
    await shutdown.run();
    throw err;
  }
}
