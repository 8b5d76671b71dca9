// Runs once per server test project: readies one template database for that project's store, so
// each test file starts from a copy in about a second instead of running every migration itself.
// The postgres store's template is migrated by the service; the supabase store's is shaped as a
// hosted Supabase project and given `practice server schema`'s files with psql, as its README says.
// Each run's own are named by its process id, and a run's start removes those of runs no longer
// alive: a run killed half-way, or `vitest list`, which runs this setup but not its teardown.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { isProcessAlive } from '../../src/fs/process-alive.js';
import { openDatabase } from '../../src/server/db/open.js';
import { buildPgliteTemplate } from '../../src/server/db/pglite-template-build.js';
import { prepareDatabase } from '../../src/server/prepare.js';
import { databaseUrl } from './database-url.js';
import { applySupabaseShaped } from './supabase-shaped.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** The template database of a store on the PostgreSQL server (postgres or supabase). */
    postgresTemplate: string;
  }
}

const TEMPLATE_DIR = /^practice-test-(\d+)-/;
// A run's PostgreSQL template, and the copies test workers made of it (template_<pid>_<hex>).
const TEMPLATE_DATABASE = /^practice_[a-z]+_template_(\d+)/;

/** The names whose pattern's first group is the id of a process no longer running. */
const ofDeadRuns = (names: string[], pattern: RegExp) => names.filter((name) => {
  const pid = pattern.exec(name)?.[1];
  return pid !== undefined && !isProcessAlive(Number(pid));
});

async function pgliteTemplate(project: TestProject) {
  for (const entry of ofDeadRuns(await readdir(tmpdir()), TEMPLATE_DIR)) await rm(join(tmpdir(), entry), { recursive: true, force: true });
  const dir = await mkdtemp(join(tmpdir(), `practice-test-${process.pid}-`));
  // The template a new data dir starts from, built as the shipped one is: migrated and trimmed to
  // what a start needs (a third of the files and bytes of a migrated database's dump, ~230 ms less
  // CPU to open). Kept unpacked: PGlite would first try it as a plain tar, then inflate it, for each
  // database a run opens from it.
  const path = join(dir, 'template.tar');
  await writeFile(path, gunzipSync(await buildPgliteTemplate()));
  project.provide('pgliteTemplate', path);
  return () => rm(dir, { recursive: true, force: true });
}

async function migrateWithService(url: string) {
  const db = await openDatabase({ url });
  await prepareDatabase(db);
  await db.close();
}

async function postgresTemplate(project: TestProject, serverUrl: string, store: string, ready: (url: string) => Promise<void>) {
  const name = `practice_${store}_template_${process.pid}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  // The other PostgreSQL project's setup may be dropping the same ones: whichever drops one first wins.
  const databases = (await admin<{ datname: string }[]>`select datname from pg_database`).map(({ datname }) => datname);
  for (const datname of ofDeadRuns(databases, TEMPLATE_DATABASE)) await admin.unsafe(`drop database if exists ${datname} with (force)`).catch(() => {});
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
  await ready(databaseUrl(serverUrl, name));
  project.provide('postgresTemplate', name);
  return async () => {
    // The template, and the databases made from it that test workers kept for their next files
    // (test/helpers/database-pool.ts) or that a failed test left.
    const made = await admin<{ datname: string }[]>`select datname from pg_database where datname = ${name} or starts_with(datname, ${`${name}_`})`;
    for (const { datname } of made) await admin.unsafe(`drop database if exists ${datname} with (force)`);
    await admin.end();
  };
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.PRACTICE_TEST_DATABASE_URL;
  const store = project.config.env.PRACTICE_TEST_STORE;
  if (serverUrl && store === 'postgres') return postgresTemplate(project, serverUrl, store, migrateWithService);
  if (serverUrl && store === 'supabase') return postgresTemplate(project, serverUrl, store, applySupabaseShaped);
  return pgliteTemplate(project);
}
