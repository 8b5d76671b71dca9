import { defineConfig } from 'vitest/config';

// Unit tests run once. The server suite runs against PGlite always, and a second time against
// the PostgreSQL server named by PRACTICE_TEST_DATABASE_URL when it is set (CI sets it).
const storeProjects = [
  { name: 'server:pglite', store: 'pglite' },
  ...(process.env.PRACTICE_TEST_DATABASE_URL ? [{ name: 'server:postgres', store: 'postgres' }] : []),
];

// What this run leaves out, said once at its start (vitest reads this file once per project): a
// fresh machine has neither server, CI has both.
if (!process.env.PRACTICE_TEST_LEFT_OUT_SAID) {
  process.env.PRACTICE_TEST_LEFT_OUT_SAID = '1';
  if (!process.env.PRACTICE_TEST_DATABASE_URL) console.warn('Not run: the server suite against PostgreSQL (set PRACTICE_TEST_DATABASE_URL to run it).');
  if (!process.env.REDIS_URL) console.warn('Not run: the rate-limit test of instances sharing Redis (set REDIS_URL to run it).');
  if (!process.env.PRACTICE_TEST_DATABASE_URL || !process.env.REDIS_URL) console.warn('Not run: three service instances on one PostgreSQL and one Redis, one killed (set both to run it).');
}

export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'] } },
      // The CLI suite spawns the built binary against in-process servers on copies of the template.
      {
        extends: true,
        test: { name: 'cli', include: ['test/cli/**/*.test.ts'], env: { PRACTICE_TEST_STORE: 'pglite' }, globalSetup: ['test/helpers/global-setup.ts'] },
      },
      ...storeProjects.map(({ name, store }) => ({
        extends: true as const,
        test: {
          name,
          include: ['test/server/**/*.test.ts'],
          env: { PRACTICE_TEST_STORE: store },
          globalSetup: ['test/helpers/global-setup.ts'],
        },
      })),
    ],
  },
});
