// Database over PGlite: PostgreSQL compiled to WASM, running inside this process (the embedded
// default). It is single-connection, so requests queue on its transaction lock.
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { makePrivate } from '../../fs/private-files.js';
import {
  DEFAULT_STATEMENT_TIMEOUTS, statementTimeoutOf, type ApiRequest, type Database, type DatabaseOptions, type OwnerTransaction,
} from './database.js';
import { assertDiskSpace } from './disk-space.js';
import { identityStatement } from './identity-sql.js';
import { EngineRetired, PglitePipeline } from './pglite-pipeline.js';
import { StatementTimedOut } from './pglite-time-limit.js';
import { delayWasmOptimization } from './wasm-tiering.js';

export interface PgliteTarget {
  /** Directory of the database files; absent keeps the database in memory. */
  dataDir?: string;
  /** A data dir as PGlite dumpDataDir writes it (a tar, gzipped or not) to start from instead of running initdb. */
  loadDataDir?: Blob;
  /** PostgreSQL settings beyond START_PARAMS', as `-c name=value` would give them. */
  settings?: Record<string, string>;
}

/** PGlite can also hand out its files, gzipped: tests start every server from one such template. */
export interface PgliteDatabase extends Database {
  dumpDataDir(): Promise<Blob>;
}

// PostgreSQL's default of 128 MB shared buffers is allocated and zeroed in WASM memory at start:
// PGlite alone kept ~310 MB resident with it, ~180 MB with 16 MB. A practice's whole database is a
// few MB, so it still fits, and the operating system caches the files beyond it.
// A data dir reopened after a crash (or after a statement past its limit, pglite-time-limit.ts) goes
// through recovery, which arms PostgreSQL's startup-progress timer every 10 s and, in PGlite, never
// disarms it: the timer (a Node timeout) kept a stopped server's process alive. Progress is not logged.
// Sessions are in UTC, as on a PostgreSQL server the service connects to (postgres.ts), set at
// start rather than by a statement after it (a round trip of a restart's cold WASM, ~10 ms).
const START_PARAMS = [
  ...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB', '-c', 'log_startup_progress_interval=0', '-c', 'timezone=UTC',
];

// A new database's write-ahead log in segments of 1 MB, not PostgreSQL's 16 MB: every first start
// unpacks the template's current segment, all but empty, and its 16 MB of zeros were ~50 ms of it
// (bench/start). A practice writes a few MB of log a day, so it changes segments seldom either way.
// initdb alone reads it, so only databases made since have it; older data dirs keep 16 MB.
const INITDB_PARAMS = ['--wal-segsize=1'];

/** One running engine and its request pipeline; replaced whole when a statement runs past its limit. */
interface Engine {
  pg: PGlite;
  pipeline: PglitePipeline;
}

async function startEngine(target: PgliteTarget): Promise<Engine> {
  delayWasmOptimization();
  // A timer keeps Node's event loop alive while PGlite starts. Its last step resolves through a V8
  // task (WebAssembly), and with nothing else alive Node runs that task only after waiting for every
  // V8 background job, the compiling of PostgreSQL's WebAssembly included: ~70 ms of each start
  // spent idle (bench/start).
  const alive = setInterval(() => {}, 60_000);
  const pg = await PGlite.create({
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
    extensions: { btree_gist },
    initDbStartParams: INITDB_PARAMS,
    startParams: [...START_PARAMS, ...Object.entries(target.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`])],
  }).finally(() => clearInterval(alive));
  // PGlite gives the files it unpacks (initdb, a snapshot loaded) and a few it rewrites its own modes.
  if (target.dataDir) makePrivate(target.dataDir);
  return { pg, pipeline: new PglitePipeline(pg) };
}

export async function openPglite(target: PgliteTarget, options: DatabaseOptions = {}): Promise<PgliteDatabase> {
  const { dataDir } = target;
  // A request past its role's limit is stopped and the engine reopened on its data dir, as after a
  // crash (pglite-time-limit.ts). A database in memory could not be reopened: it has no limit.
  const timeouts = dataDir ? (options.statementTimeouts ?? DEFAULT_STATEMENT_TIMEOUTS) : null;
  let engine = await startEngine(target);
  let reopening: Promise<Engine> | null = null;

  function reopen(dead: Engine): void {
    if (engine !== dead || reopening) return;
    reopening = startEngine(target).then((fresh) => {
      engine = fresh;
      reopening = null;
      return fresh;
    });
  }

  /** `use` on the running engine; a call that met a retired one (it ran nothing) goes to its successor once. */
  async function onEngine<T>(use: (current: Engine) => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const current = reopening ? await reopening : engine;
      try {
        return await use(current);
      } catch (err) {
        if (err instanceof StatementTimedOut || err instanceof EngineRetired) reopen(current);
        if (err instanceof EngineRetired && attempt === 0) continue;
        throw err;
      }
    }
  }

  // Every write first checks the disk (disk-space.ts); reads go on when it is full.
  const beforeWrite = dataDir ? () => assertDiskSpace(dataDir) : () => {};

  return {
    kind: 'pglite',
    async query<Row>(text: string, values: unknown[] = []) {
      // The owner's queries are the service's own SQL: those that are not a select write.
      if (!/^\s*select\b/i.test(text)) beforeWrite();
      return onEngine(async ({ pg }) => (await pg.query<Row>(text, values)).rows);
    },
    async exec(script: string) {
      beforeWrite();
      await onEngine(({ pg }) => pg.exec(script));
    },
    async transaction<T>(work: (tx: OwnerTransaction) => Promise<T>) {
      beforeWrite();
      return onEngine(({ pg }) => pg.transaction((tx) =>
        work({
          async query<Row>(text: string, values: unknown[] = []) {
            return (await tx.query<Row>(text, values)).rows;
          },
          async exec(script: string) {
            await tx.exec(script);
          },
        }),
      ));
    },
    async runRequest<Row>(request: ApiRequest<Row>) {
      if (!request.readOnly) beforeWrite();
      const identity = identityStatement(request.identity, request.readOnly);
      const timeLimitMs = timeouts ? statementTimeoutOf(timeouts, request.identity.role) : null;
      return onEngine(({ pipeline }) => pipeline.run<Row>(identity, request.statement, {
        readOnly: request.readOnly, signal: request.signal, timeLimitMs, commitIf: request.commitIf,
      }));
    },
    async close() {
      await (reopening ? await reopening : engine).pg.close();
    },
    async dumpDataDir() {
      return onEngine(async ({ pg }) => (await pg.dumpDataDir('gzip')) as Blob);
    },
  };
}
