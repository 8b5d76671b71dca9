// Runs once per server test project: migrates one template database for that project's store, so
// each test file starts from a copy in about a second instead of running every migration itself.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/open.js';
import type { PgliteDatabase } from '../../src/server/db/pglite.js';
import { prepareDatabase } from '../../src/server/prepare.js';
import { databaseUrl } from './database-url.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

async function pgliteTemplate(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'practice-test-'));
  const db = (await openDatabase({ memory: true })) as PgliteDatabase;
  await prepareDatabase(db);
  const path = join(dir, 'template.tgz');
  await writeFile(path, Buffer.from(await (await db.dumpDataDir()).arrayBuffer()));
  await db.close();
  project.provide('pgliteTemplate', path);
  return () => rm(dir, { recursive: true, force: true });
}

async function postgresTemplate(project: TestProject, serverUrl: string) {
  const name = `practice_template_${process.pid}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
  const db = await openDatabase({ url: databaseUrl(serverUrl, name) });
  await prepareDatabase(db);
  await db.close();
  project.provide('postgresTemplate', name);
  return async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.PRACTICE_TEST_DATABASE_URL;
  return project.config.env.PRACTICE_TEST_STORE === 'postgres' && serverUrl
    ? postgresTemplate(project, serverUrl)
    : pgliteTemplate(project);
}
