// The database a server test file runs on: a copy of its project's template, PGlite (from an uncompressed
// tar of a data dir) or a PostgreSQL database (CREATE DATABASE ... TEMPLATE), dropped when the file ends.
// Stores: pglite and postgres, migrated by the service; supabase, a PostgreSQL database shaped as a
// hosted Supabase project with `practice server schema`'s files applied by psql (global-setup.ts).
import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import postgres from 'postgres';
import { inject } from 'vitest';
import type { Database, DatabaseOptions } from '../../src/server/db/database.js';
import { openDatabase } from '../../src/server/db/open.js';
import { databaseUrl } from './database-url.js';

export type Store = 'pglite' | 'postgres' | 'supabase';

const STORES: readonly Store[] = ['pglite', 'postgres', 'supabase'];

export const testStore = (): Store => STORES.find((store) => store === process.env.PRACTICE_TEST_STORE) ?? 'pglite';

/** Whether the service migrates its database itself; on a Supabase project the schema was applied by someone else. */
export const serviceMigrates = (): boolean => testStore() !== 'supabase';

/**
 * Whether the service's /auth/v1 has its accounts and sessions in the database. On a Supabase
 * project Supabase Auth is the auth server: auth.users is its own, and the embedded server's tables
 * are never created there, so tests of sign-up and sign-in run on the other stores only; there the
 * service refuses them with a 4xx (test/server/auth-elsewhere.test.ts).
 */
export const embeddedAuth = (): boolean => testStore() !== 'supabase';

export interface TestDatabase {
  db: Database;
  drop(): Promise<void>;
}

export async function openTestDatabase(options: DatabaseOptions = {}): Promise<TestDatabase> {
  if (testStore() === 'pglite') {
    // A Blob of the file, not of its bytes read: PGlite takes the whole with arrayBuffer(), which Node
    // builds from an in-memory Blob 64 KB at a time (about 250 ms of CPU for the template's 28 MB,
    // a third of opening it) and from a file's in one read.
    const db = await openDatabase({ memory: true, loadDataDir: await openAsBlob(inject('pgliteTemplate')) }, options);
    return { db, drop: () => db.close() };
  }
  const serverUrl = process.env.PRACTICE_TEST_DATABASE_URL!;
  // Named after the run's template, so that the run's end drops whatever a worker kept (global-setup.ts).
  const name = `${inject('postgresTemplate')}_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name} template ${inject('postgresTemplate')}`);
  const db = await openDatabase({ url: databaseUrl(serverUrl, name) }, options);
  return {
    db,
    async drop() {
      await db.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
