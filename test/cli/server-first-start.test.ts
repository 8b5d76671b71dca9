// A new data dir's first start copies the migrated template `npm run build` ships beside the bundle,
// instead of running initdb; the server migrates after opening, so a template that lags the
// migrations still ends with every one applied. The built binary on PGlite data dirs of its own.
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteDir, schemaSnapshotPath } from '../../src/local-service/data-dir.js';
import { migrations } from '../../src/server/db/migrations/index.js';
import { openPglite } from '../../src/server/db/pglite.js';
import { buildPgliteTemplate } from '../../src/server/db/pglite-template-build.js';
import { PGLITE_TEMPLATE_FILE, seedFromTemplate, templateSnapshot } from '../../src/server/db/pglite-template.js';
import { tarWithout } from '../../src/server/db/tar-without.js';
import { startForeground } from '../helpers/foreground-server.js';

const SHIPPED = fileURLToPath(new URL(`../../dist/${PGLITE_TEMPLATE_FILE}`, import.meta.url));
const SLOW = 120_000;
const ALL_VERSIONS = migrations.map((migration) => migration.version);

let dir: string;

/** What a database knows of itself: its migrations, and initdb's random system identifier. */
async function describeDatabase(target: { dataDir: string } | { loadDataDir: Blob }) {
  const db = await openPglite(target);
  try {
    const applied = await db.query<{ version: number }>(`select version from practice_private.schema_migrations order by version`);
    const [control] = await db.query<{ id: string }>(`select system_identifier::text as id from pg_control_system()`);
    return { versions: applied.map((row) => row.version), systemId: control!.id };
  } finally {
    await db.close();
  }
}

/** Starts the server on `dataDir`, checks that it serves the REST API, and stops it. */
async function serveOnce(dataDir: string): Promise<void> {
  const server = await startForeground(['--data-dir', dataDir]);
  try {
    const openapi = await fetch(`${server.url}/rest/v1/`, { headers: { apikey: server.anonKey } });
    expect(openapi.status).toBe(200);
  } finally {
    server.child.kill('SIGTERM');
  }
  expect(await server.exited).toBe(0);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'practice-first-start-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the first start of a new data dir', () => {
  it('copies the shipped template, serves, and has every migration applied', async () => {
    const dataDir = join(dir, 'fresh');
    await serveOnce(dataDir);
    const started = await describeDatabase({ dataDir: pgliteDir(dataDir) });
    const shipped = await describeDatabase({ loadDataDir: new Blob([await readFile(SHIPPED)]) });
    expect(started.versions).toEqual(ALL_VERSIONS);
    // initdb would have drawn a new identifier: the data dir is the template's copy.
    expect(started.systemId).toBe(shipped.systemId);
  }, SLOW);

  it('ships no free-space or visibility map, which the copy writes anew when it needs one, and 1 MB log segments', async () => {
    const paths: string[] = [];
    tarWithout(gunzipSync(await readFile(SHIPPED)), (path) => (paths.push(path), false));
    expect(paths).toContain('base/5/1259');
    expect(paths.filter((path) => /_(fsm|vm)$/.test(path))).toEqual([]);

    const database = pgliteDir(join(dir, 'maps'));
    expect(await seedFromTemplate(database, SHIPPED)).toBe(true);
    const db = await openPglite({ dataDir: database });
    try {
      await db.exec('vacuum pg_catalog.pg_class');
      const [maps] = await db.query<{ fsm: number; vm: number }>(
        `select pg_relation_size('pg_catalog.pg_class', 'fsm')::int as fsm, pg_relation_size('pg_catalog.pg_class', 'vm')::int as vm`,
      );
      expect(maps!.fsm).toBeGreaterThan(0);
      expect(maps!.vm).toBeGreaterThan(0);
      expect(await db.query(`select current_setting('wal_segment_size') as size`)).toEqual([{ size: '1MB' }]);
    } finally {
      await db.close();
    }
  }, SLOW);

  it('starts from the schema snapshot shipped beside the template, reading no catalog', async () => {
    // A copy of the shipped pair whose snapshot says something the catalog does not: what the
    // service then serves shows which one it read.
    const template = join(dir, 'planted', PGLITE_TEMPLATE_FILE);
    await mkdir(dirname(template));
    await copyFile(SHIPPED, template);
    const snapshot = JSON.parse(await readFile(templateSnapshot(SHIPPED), 'utf8')) as { rows: Record<string, Array<Record<string, unknown>>> };
    const tables = Object.values(snapshot.rows).find((rows) => rows.some((row) => 'table_description' in row))!;
    for (const row of tables) if (row.table_name === 'clients') row.table_description = 'Planted in the shipped snapshot.';
    await writeFile(templateSnapshot(template), JSON.stringify(snapshot));

    const dataDir = join(dir, 'from-planted');
    expect(await seedFromTemplate(pgliteDir(dataDir), template, schemaSnapshotPath(dataDir))).toBe(true);
    const server = await startForeground(['--data-dir', dataDir]);
    try {
      const openapi = await (await fetch(`${server.url}/rest/v1/`, { headers: { apikey: server.anonKey } })).json() as { definitions: Record<string, { description?: string }> };
      expect(openapi.definitions.clients!.description).toBe('Planted in the shipped snapshot.');
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);
  }, SLOW);

  it('keeps what was written when the server is killed, replaying the log the template starts', async () => {
    const dataDir = join(dir, 'killed');
    const first = await startForeground(['--data-dir', dataDir]);
    const signup = await fetch(`${first.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: first.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ann@example.com', password: 'correct horse battery' }),
    });
    const { access_token: token } = (await signup.json()) as { access_token: string };
    const headers = { apikey: first.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const created = await fetch(`${first.url}/rest/v1/clients`, { method: 'POST', headers, body: JSON.stringify({ name: 'Ann Lee' }) });
    expect(created.status).toBe(201);
    first.child.kill('SIGKILL');
    await first.exited;

    const second = await startForeground(['--data-dir', dataDir]);
    try {
      const read = await fetch(`${second.url}/rest/v1/clients?select=name`, { headers });
      expect(await read.json()).toEqual([{ name: 'Ann Lee' }]);
    } finally {
      second.child.kill('SIGTERM');
    }
    expect(await second.exited).toBe(0);
  }, SLOW);

  it('ends fully migrated from a template that lacks the newest migration', async () => {
    const stale = join(dir, 'stale.tar.gz');
    await writeFile(stale, await buildPgliteTemplate({ through: migrations.at(-2)!.version }));
    const dataDir = join(dir, 'from-stale');
    expect(await seedFromTemplate(pgliteDir(dataDir), stale)).toBe(true);
    expect((await describeDatabase({ dataDir: pgliteDir(dataDir) })).versions).toEqual(ALL_VERSIONS.slice(0, -1));

    await serveOnce(dataDir);
    expect((await describeDatabase({ dataDir: pgliteDir(dataDir) })).versions).toEqual(ALL_VERSIONS);
  }, SLOW);

  it('leaves a data dir that has a database as it is', async () => {
    const database = pgliteDir(join(dir, 'existing'));
    expect(await seedFromTemplate(database, SHIPPED)).toBe(true);
    await writeFile(join(database, 'written-since'), 'kept');
    expect(await seedFromTemplate(database, SHIPPED)).toBe(false);
    expect(await readFile(join(database, 'written-since'), 'utf8')).toBe('kept');
  });
});
