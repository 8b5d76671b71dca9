// `practice server schema` proved on a database shaped as a hosted Supabase project's
// (test/fixtures/supabase-shaped.sql): the written files applied with psql alone, twice, leave
// Supabase's auth objects as they were and change nothing the second time; then `server start
// --no-migrate` with the project's JWT secret serves a user of Supabase Auth on it. The server
// suites themselves run on such a database as the server:supabase project (test/vitest.config.ts).
// The README's "Using a hosted Supabase project" follows the same steps. Runs when
// PRACTICE_TEST_DATABASE_URL is set (CI sets it).
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keysFromSecret, type ServiceKeys } from '../../src/local-service/keys.js';
import { signAccessToken } from '../../src/server/auth/tokens.js';
import { migrations } from '../../src/server/db/migrations/index.js';
import { tempHome, type CliHome } from '../helpers/cli.js';
import { databaseUrl } from '../helpers/database-url.js';
import { caller, createClient, SINGLE, type Caller } from '../helpers/fixtures.js';
import { type Foreground, startForeground } from '../helpers/foreground-server.js';
import { psqlFile, SUPABASE_SHAPED } from '../helpers/supabase-shaped.js';

const SERVER_URL = process.env.PRACTICE_TEST_DATABASE_URL ?? '';

function schemaDump(url: string): string {
  const run = spawnSync('pg_dump', ['--schema-only', '--no-comments', '-d', url], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`pg_dump failed: ${run.stderr}`);
  // pg_dump's \restrict lines carry a fresh random key per dump; the schema is everything else.
  return run.stdout.replace(/^\\(un)?restrict .*$/gm, '');
}

describe.runIf(SERVER_URL)('practice server schema on a Supabase-shaped database', () => {
  const database = `practice_supabase_${randomBytes(6).toString('hex')}`;
  // Collected even when skipped (vitest runs a skipped describe to list its tests): no URL then.
  const url = SERVER_URL ? databaseUrl(SERVER_URL, database) : '';
  // The project's JWT secret: the service verifies with it what Supabase Auth would have signed.
  const jwtSecret = randomBytes(32).toString('hex');
  let keys: ServiceKeys;
  let admin: postgres.Sql;
  let home: CliHome;
  let migrationsDir = '';
  let files: string[] = [];
  let server: Foreground | undefined;
  let serverDataDir = '';

  /** What Supabase Auth leaves behind a sign-up: a row in auth.users and an access token for it. */
  async function signedUp(email: string): Promise<Caller & { id: string }> {
    const id = randomUUID();
    await admin`insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
      values ('00000000-0000-0000-0000-000000000000', ${id}, 'authenticated', 'authenticated', ${email}, 'bcrypt-hash',
              '{"provider": "email", "providers": ["email"]}', '{}', now(), now())`;
    const { token } = await signAccessToken(jwtSecret, { sub: id, email });
    const rest = `${server!.url}/rest/v1`;
    return { id, ...caller({ rest }, { apikey: keys.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' }) };
  }

  const authObjects = () => admin`
    select p.proname as name, pg_get_functiondef(p.oid) as definition, p.proowner::regrole::text as owner
    from pg_proc p where p.pronamespace = 'auth'::regnamespace order by 1`;
  const authUsersColumns = () => admin`
    select column_name, data_type, is_nullable, column_default from information_schema.columns
    where table_schema = 'auth' and table_name = 'users' order by ordinal_position`;
  const apiRoles = () => admin`
    select rolname, rolcanlogin, rolinherit, rolbypassrls,
           array(select m.roleid::regrole::text from pg_auth_members m where m.member = r.oid order by 1) as member_of
    from pg_roles r where rolname in ('anon', 'authenticated', 'service_role', 'authenticator') order by 1`;
  const applyAll = () => files.forEach((file) => psqlFile(url, file));

  beforeAll(async () => {
    keys = await keysFromSecret(jwtSecret);
    admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${database}`);
    await admin.end();
    admin = postgres(url, { max: 1, onnotice: () => {} });
    psqlFile(url, SUPABASE_SHAPED);
    home = await tempHome();
    migrationsDir = join(home.dir, 'supabase', 'migrations');
  });

  afterAll(async () => {
    if (server) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await admin?.end();
    const owner = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
    await owner.unsafe(`drop database if exists ${database} with (force)`);
    await owner.end();
    await home?.cleanup();
    if (serverDataDir) await rm(serverDataDir, { recursive: true, force: true });
  });

  it('writes one file per migration in supabase/migrations, the same names and text on every run', async () => {
    const written = await home.run(['server', 'schema', '--output', migrationsDir, '--json']);
    expect(written.code, written.stderr).toBe(0);
    files = JSON.parse(written.stdout) as string[];
    expect(files.map((file) => file.slice(migrationsDir.length + 1))).toEqual(
      migrations.map((migration) => expect.stringMatching(new RegExp(`^20260101${String(migration.version).padStart(6, '0')}_[a-z0-9_]+\\.sql$`))),
    );
    expect((await readdir(migrationsDir)).sort()).toEqual(files.map((file) => file.slice(migrationsDir.length + 1)));
    const first = await Promise.all(files.map((file) => readFile(file, 'utf8')));
    // The embedded server's migration text is inside each file, verbatim: one source, not two.
    first.forEach((text, i) => expect(text).toContain(migrations[i]!.sql));

    const again = await home.run(['server', 'schema', '--output', migrationsDir]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe(`${files.join('\n')}\n`);
    expect(await Promise.all(files.map((file) => readFile(file, 'utf8')))).toEqual(first);

    const printed = await home.run(['server', 'schema']);
    expect(printed.code, printed.stderr).toBe(0);
    for (const [i, text] of first.entries()) expect(printed.stdout).toContain(`-- ${files[i]!.slice(migrationsDir.length + 1)}\n${text}`);
  });

  it('says so, writes nothing and exits 1 when the folder cannot be written', async () => {
    const blocked = join(home.dir, 'a-file');
    await writeFile(blocked, 'not a folder');
    const refused = await home.run(['server', 'schema', '--output', join(blocked, 'migrations')]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`Cannot write ${join(blocked, 'migrations')}`);
    expect(refused.stderr).toContain('a file stands where a folder of the path should be');
    expect(refused.stdout).toBe('');
  });

  it('refuses --json without --output (the SQL is printed as SQL)', async () => {
    const refused = await home.run(['server', 'schema', '--json']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--json lists the files --output writes');
    expect(refused.stdout).toBe('');
  });

  it('will not serve the database before the files are applied, when started with migrations off', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'practice-supabase-'));
    try {
      const refused = await home.run(['server', 'start', '--foreground', '--port', '0', '--data-dir', dataDir, '--database-url', url, '--no-migrate'], {
        env: { PRACTICE_JWT_SECRET: jwtSecret },
      });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('The database has no practice schema');
      expect(refused.stderr).toContain('practice server schema');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
    const [left] = await admin`select to_regclass('practice_private.schema_migrations') as found`;
    expect(left!.found).toBeNull();
  });

  it("applies with psql alone and leaves Supabase's roles, auth functions and auth.users as they were", async () => {
    const rolesBefore = await apiRoles();
    expect(rolesBefore.map((row) => row.rolname)).toEqual(['anon', 'authenticated', 'authenticator', 'service_role']);
    const functionsBefore = await authObjects();
    const columnsBefore = await authUsersColumns();
    expect(functionsBefore.map((row) => row.name)).toEqual(['email', 'jwt', 'role', 'uid']);

    applyAll();

    expect(await apiRoles()).toEqual(rolesBefore);
    expect(await authObjects()).toEqual(functionsBefore);
    expect(await authUsersColumns()).toEqual(columnsBefore);
    // Supabase Auth's own tables are its business: the embedded service's sessions are not added.
    const [sessions] = await admin`select to_regclass('auth.sessions') as found, to_regclass('auth.refresh_tokens') as tokens`;
    expect(sessions).toEqual({ found: null, tokens: null });
    const applied = await admin`select version, name from practice_private.schema_migrations order by version`;
    expect(applied).toEqual(migrations.map(({ version, name }) => ({ version, name })));
    // Supabase's default privileges granted all on the new tables; the migrations took them back.
    const [anonWrites] = await admin`select has_table_privilege('anon', 'public.clients', 'insert') as insert`;
    expect(anonWrites!.insert).toBe(false);
  });

  it('changes nothing when the files are applied a second time', async () => {
    const dumpBefore = schemaDump(url);
    const recordedBefore = await admin`select version, applied_at from practice_private.schema_migrations order by version`;

    applyAll();

    expect(schemaDump(url)).toBe(dumpBefore);
    expect(await admin`select version, applied_at from practice_private.schema_migrations order by version`).toEqual(recordedBefore);
  });

  it('is found fully migrated by a service started with its migrations on', async () => {
    const dumpBefore = schemaDump(url);
    const dataDir = await mkdtemp(join(tmpdir(), 'practice-supabase-'));
    const migrating = await startForeground(['--data-dir', dataDir, '--database-url', url], { ...home.env, PRACTICE_JWT_SECRET: jwtSecret });
    try {
      expect(schemaDump(url)).toBe(dumpBefore);
    } finally {
      migrating.child.kill('SIGTERM');
      await migrating.exited;
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('serves a user of Supabase Auth when started with --no-migrate and the project\'s JWT secret', async () => {
    serverDataDir = await mkdtemp(join(tmpdir(), 'practice-supabase-'));
    server = await startForeground(['--data-dir', serverDataDir, '--database-url', url, '--no-migrate'], {
      ...home.env,
      PRACTICE_JWT_SECRET: jwtSecret,
    });
    expect(server.anonKey).toBe(keys.anonKey);
    const ann = await signedUp('ann@example.com');
    // Filed under the user's id by Supabase's auth.uid(); the suites of server:supabase test the rest.
    const client = await createClient(ann, { name: 'Carla Diaz' });
    expect(client.therapist_id).toBe(ann.id);
    const one = await ann.get(`/clients?id=eq.${client.id}&select=name,therapist_id`, SINGLE);
    expect(one.status, one.text).toBe(200);
    expect(one.body).toEqual({ name: 'Carla Diaz', therapist_id: ann.id });
  });

  it("sends `auth login` and `auth signup` to the project's Supabase Auth, exiting 1 with the way there", async () => {
    await home.run(['profile', 'add', 'served', '--url', server!.url, '--anon-key', keys.anonKey, '--use']);
    for (const command of ['login', 'signup']) {
      const refused = await home.run(['auth', command, '--email', 'ann@example.com', '--password-stdin'], { input: 'correct horse battery\n' });
      expect(refused.code, refused.stderr).toBe(1);
      expect(refused.stderr).toContain("Accounts on this deployment are kept by the project's Supabase Auth");
      expect(refused.stderr).not.toContain('(HTTP 422');
      expect(refused.stderr).toContain("point a profile at the project's own URL (`practice profile add NAME --url https://<ref>.supabase.co");
    }
    const status = await home.run(['auth', 'status', '--json']);
    expect(JSON.parse(status.stdout)).toMatchObject({ signed_in: false });
  });
});
