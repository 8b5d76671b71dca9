// PRACTICE_SKIP_MIGRATIONS, the environment's --no-migrate, read as a person writes it: 1 skips the
// migrations, 0 does not, anything else is refused before anything starts. On an empty PostgreSQL
// database the difference shows: skipped, the service refuses to serve it; not skipped, it migrates it.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempHome, type CliHome } from '../helpers/cli.js';
import { databaseUrl } from '../helpers/database-url.js';
import { startForeground } from '../helpers/foreground-server.js';

const SERVER_URL = process.env.PRACTICE_TEST_DATABASE_URL ?? '';

describe.runIf(SERVER_URL)('PRACTICE_SKIP_MIGRATIONS', () => {
  const database = `practice_skip_${randomBytes(6).toString('hex')}`;
  // Collected even when skipped (vitest runs a skipped describe to list its tests): no URL then.
  const url = SERVER_URL ? databaseUrl(SERVER_URL, database) : '';
  let home: CliHome;
  let dataDir = '';
  const start = (value: string) =>
    home.run(['server', 'start', '--foreground', '--port', '0', '--data-dir', dataDir, '--database-url', url], { env: { PRACTICE_SKIP_MIGRATIONS: value } });

  beforeAll(async () => {
    const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${database}`);
    await admin.end();
    home = await tempHome();
    dataDir = await mkdtemp(join(tmpdir(), 'practice-skip-'));
  });

  afterAll(async () => {
    const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${database} with (force)`);
    await admin.end();
    await home?.cleanup();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses a value that is neither, before starting anything (exit 2)', async () => {
    const refused = await start('maybe');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("PRACTICE_SKIP_MIGRATIONS: expected 1 (skip the migrations) or 0; got 'maybe'");
  });

  it('=1 skips them: the empty database is refused', async () => {
    const refused = await start('1');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('The database has no practice schema');
  });

  it('=0 does not: the service migrates the database and serves it', async () => {
    const server = await startForeground(['--data-dir', dataDir, '--database-url', url], { ...home.env, PRACTICE_SKIP_MIGRATIONS: '0' });
    try {
      const answer = await fetch(`${server.url}/rest/v1/clients?select=id`, { headers: { apikey: server.anonKey } });
      expect(answer.status).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });
});
