// Database over PGlite: PostgreSQL compiled to WASM, running inside this process (the embedded
// default). It is single-connection, so requests queue on its transaction lock.
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { makePrivate } from '../../fs/private-files.js';
import type { ApiRequest, Database, OwnerTransaction } from './database.js';
import { assertDiskSpace } from './disk-space.js';
import { identityStatement } from './identity-sql.js';
import { PglitePipeline } from './pglite-pipeline.js';

export interface PgliteTarget {
  /** Directory of the database files; absent keeps the database in memory. */
  dataDir?: string;
  /** A gzipped data dir (PGlite dumpDataDir) to start from instead of running initdb. */
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
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

export async function openPglite(target: PgliteTarget): Promise<PgliteDatabase> {
  const pg = await PGlite.create({
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
    extensions: { btree_gist },
    startParams: [...START_PARAMS, ...Object.entries(target.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`])],
  });
  await pg.exec(`set timezone = 'UTC'`);
  // PGlite gives the files it unpacks (initdb, a snapshot loaded) and a few it rewrites its own modes.
  if (target.dataDir) makePrivate(target.dataDir);
  const pipeline = new PglitePipeline(pg);
  const { dataDir } = target;
  // Every write first checks the disk (disk-space.ts); reads go on when it is full.
  const beforeWrite = dataDir ? () => assertDiskSpace(dataDir) : () => {};

  return {
    kind: 'pglite',
    async query<Row>(text: string, values: unknown[] = []) {
      // The owner's queries are the service's own SQL: those that are not a select write.
      if (!/^\s*select\b/i.test(text)) beforeWrite();
      const result = await pg.query<Row>(text, values);
      return result.rows;
    },
    async exec(script: string) {
      beforeWrite();
      await pg.exec(script);
    },
    async transaction<T>(work: (tx: OwnerTransaction) => Promise<T>) {
      beforeWrite();
      return pg.transaction((tx) =>
        work({
          async query<Row>(text: string, values: unknown[] = []) {
            return (await tx.query<Row>(text, values)).rows;
          },
          async exec(script: string) {
            await tx.exec(script);
          },
        }),
      );
    },
    async runRequest<Row>(request: ApiRequest<Row>) {
      if (!request.readOnly) beforeWrite();
      const identity = identityStatement(request.identity, request.readOnly);
      // A request that commits whatever its row says is the common case and needs one call; one that
      // decides on seeing its row needs an explicit transaction to roll back.
      if (!request.commitIf) return pipeline.run<Row>(identity, request.statement, request.readOnly, request.signal);
      return pg.transaction(async (tx) => {
        await tx.query(identity.text, identity.values);
        const result = await tx.query<Row>(request.statement.text, request.statement.values);
        const row = result.rows[0] as Row;
        if (request.commitIf && !request.commitIf(row)) await tx.rollback();
        return row;
      });
    },
    async close() {
      await pg.close();
    },
    async dumpDataDir() {
      return (await pg.dumpDataDir('gzip')) as Blob;
    },
  };
}
