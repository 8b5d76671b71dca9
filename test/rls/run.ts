// `npm run test:rls`: the pgTAP tests of supabase/tests, run with pg_prove as `supabase test db`
// runs them, on a database this script creates on the machine's PostgreSQL, migrates as the
// service does, and drops afterwards.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import postgres from 'postgres';
import { openDatabase } from '../../src/server/db/open.js';
import { prepareDatabase } from '../../src/server/prepare.js';
import { databaseUrl } from '../helpers/database-url.js';

const SERVER_URL = process.env.PRACTICE_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// npm runs scripts from the package's root.
const TESTS_DIR = resolve('supabase/tests');
const database = `practice_rls_${process.pid}`;

// What a Supabase project has and a bare PostgreSQL lacks, for the tests' sake: pgTAP in schema
// extensions (as `supabase test db` installs it), that schema on the search path and usable by the
// API roles, so assertions still run after a test switches to role authenticated or anon.
const AS_ON_SUPABASE = [
  'create extension if not exists pgtap with schema extensions',
  'grant usage on schema extensions to anon, authenticated, service_role',
  `alter database ${database} set search_path = "$user", public, extensions`,
];

/** pg_prove's connection: the libpq environment, so no password appears in its command line. */
function libpqEnv(url: string): NodeJS.ProcessEnv {
  const parsed = new URL(url);
  return {
    ...process.env,
    PGHOST: parsed.hostname,
    PGPORT: parsed.port || '5432',
    PGUSER: decodeURIComponent(parsed.username),
    PGPASSWORD: decodeURIComponent(parsed.password),
    PGDATABASE: database,
  };
}

function requirePgProve(): void {
  if (spawnSync('pg_prove', ['--version']).error) {
    console.error('test:rls needs pg_prove and pgTAP (Debian: apt-get install postgresql-15-pgtap libtap-parser-sourcehandler-pgtap-perl).');
    process.exit(2);
  }
}

requirePgProve();
const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
let status = 1;
try {
  await admin.unsafe(`create database ${database}`);
  const db = await openDatabase({ url: databaseUrl(SERVER_URL, database) });
  try {
    await prepareDatabase(db);
    for (const statement of AS_ON_SUPABASE) await db.query(statement);
  } finally {
    await db.close();
  }
  const run = spawnSync('pg_prove', ['--ext', '.pg', '--ext', '.sql', '-r', TESTS_DIR], { stdio: 'inherit', env: libpqEnv(SERVER_URL) });
  status = run.status ?? 1;
} finally {
  await admin.unsafe(`drop database if exists ${database} with (force)`);
  await admin.end();
}
process.exit(status);
