import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// Unit tests run once. The server suite runs against PGlite always and, when
// PRACTICE_TEST_DATABASE_URL names a PostgreSQL server (CI sets it), twice more there: on a database
// the service migrated (server:postgres), and on one shaped as a hosted Supabase project with
// `practice server schema`'s files applied by psql, the service started with its migrations off
// (server:supabase; test/helpers/global-setup.ts).
//
// server:supabase leaves out what is the embedded service's own and does not exist on a Supabase
// project, where Supabase Auth is the auth server and pg_dump the backup:
// - admin-backup: the embedded service's /admin/v1/backup.
// - migrations: the service migrating a database itself (there, the files do; test/cli/server-schema-supabase.test.ts).
// - auth-endpoints, auth-refresh, auth-user-update, supabase-js-auth: the embedded auth server's
//   accounts and sessions, kept in tables it creates and Supabase's auth schema does not have.
// Files that mix the two run, with their tests of sign-up and sign-in marked embeddedAuth() (test/helpers/store.ts).
const NOT_ON_SUPABASE = ['admin-backup', 'migrations', 'auth-endpoints', 'auth-refresh', 'auth-user-update', 'supabase-js-auth']
  .map((name) => `test/server/${name}.test.ts`);

// PRACTICE_TEST_STORES (a comma list of pglite, postgres, supabase) narrows a run to those stores:
// CI runs each PostgreSQL pass under one Node version, the other under the other (.ci/run).
const STORES = ['pglite', 'postgres', 'supabase'];
const chosenStores = process.env.PRACTICE_TEST_STORES?.split(',').map((store) => store.trim());
const unknownStores = chosenStores?.filter((store) => !STORES.includes(store)) ?? [];
if (unknownStores.length > 0) throw new Error(`PRACTICE_TEST_STORES names no store "${unknownStores.join('", "')}": give a comma list of ${STORES.join(', ')}.`);
const storeProjects = [
  { name: 'server:pglite', store: 'pglite', leftOut: [] as string[] },
  ...(process.env.PRACTICE_TEST_DATABASE_URL ? [
    { name: 'server:postgres', store: 'postgres', leftOut: [] },
    { name: 'server:supabase', store: 'supabase', leftOut: NOT_ON_SUPABASE },
  ] : []),
].filter(({ store }) => !chosenStores || chosenStores.includes(store));

// What this run leaves out, said once at its start (vitest reads this file once per project): a
// fresh machine has neither server, CI has both.
if (!process.env.PRACTICE_TEST_LEFT_OUT_SAID) {
  process.env.PRACTICE_TEST_LEFT_OUT_SAID = '1';
  if (!process.env.PRACTICE_TEST_DATABASE_URL) console.warn('Not run: the server suite against PostgreSQL, migrated and Supabase-shaped (set PRACTICE_TEST_DATABASE_URL to run it).');
  if (chosenStores) console.warn(`Run on these stores only (PRACTICE_TEST_STORES): ${storeProjects.map(({ name }) => name).join(', ')}.`);
  if (!process.env.REDIS_URL) console.warn('Not run: the rate-limit test of instances sharing Redis (set REDIS_URL to run it).');
  if (!process.env.PRACTICE_TEST_DATABASE_URL || !process.env.REDIS_URL) console.warn('Not run: three service instances on one PostgreSQL and one Redis, one killed (set both to run it).');
}

// Test files mostly wait: on the service, on PostgreSQL, on a `practice` process they started. vitest's
// default of one worker less than the cores ran them one at a time on CI's two cores (about 15 minutes
// a Node version); three at a time keep both cores busy (about 7).
const WORKERS = availableParallelism() + 1;

// A worker runs its files one after another in one module graph (isolate: false): each file would
// otherwise import the service and the CLI afresh, and PGlite's WebAssembly with them. Nothing a test
// file sets outlives it: a file's services, homes and tier are its own and closed by its afterAll
// (test/README.md, "Sharing services"), and no test stubs globals or modules.

export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    maxWorkers: WORKERS,
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'] } },
      // The CLI suite runs the program in process (run(argv, io)) against in-process servers on copies
      // of the template, and spawns the built binary only for what a process shows (test/README.md).
      {
        extends: true,
        test: { name: 'cli', include: ['test/cli/**/*.test.ts'], env: { PRACTICE_TEST_STORE: 'pglite' }, globalSetup: ['test/helpers/global-setup.ts'] },
      },
      ...storeProjects.map(({ name, store, leftOut }) => ({
        extends: true as const,
        test: {
          name,
          include: ['test/server/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...leftOut],
          env: { PRACTICE_TEST_STORE: store },
          globalSetup: ['test/helpers/global-setup.ts'],
        },
      })),
    ],
  },
});
