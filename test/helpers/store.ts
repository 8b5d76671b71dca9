// The database a server test file runs on: a copy of a migrated template, PGlite (from a gzipped
// data dir) or a PostgreSQL database (CREATE DATABASE ... TEMPLATE), dropped when the file ends.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import postgres from 'postgres';
import { inject } from 'vitest';
import type { Database } from '../../src/server/db/database.js';
import { openDatabase } from '../../src/server/db/open.js';
import { databaseUrl } from './database-url.js';

export type Store = 'pglite' | 'postgres';

export const testStore = (): Store => (process.env.PRACTICE_TEST_STORE === 'postgres' ? 'postgres' : 'pglite');

export interface TestDatabase {
  db: Database;
  drop(): Promise<void>;
}

export async function openTestDatabase(): Promise<TestDatabase> {
  if (testStore() === 'pglite') {
    const template = new Blob([await readFile(inject('pgliteTemplate'))]);
    const db = await openDatabase({ memory: true, loadDataDir: template });
    return { db, drop: () => db.close() };
  }
  const serverUrl = process.env.PRACTICE_TEST_DATABASE_URL!;
  const name = `practice_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name} template ${inject('postgresTemplate')}`);
  const db = await openDatabase({ url: databaseUrl(serverUrl, name) });
  return {
    db,
    async drop() {
      await db.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
