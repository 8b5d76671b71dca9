// One practice service per test file, on loopback over real HTTP, backed by a fresh copy of the
// migrated template database (PGlite, or PostgreSQL when the project's store is postgres).
import { randomBytes, randomUUID } from 'node:crypto';
import { buildApp } from '../../src/server/app.js';
import { keysFromSecret, type ServiceKeys } from '../../src/server/auth/keys.js';
import { signAccessToken } from '../../src/server/auth/tokens.js';
import type { Database } from '../../src/server/db/database.js';
import { prepareDatabase } from '../../src/server/prepare.js';
import { listen } from '../../src/server/serve.js';
import { openTestDatabase } from './store.js';

export interface Therapist {
  id: string;
  token: string;
  /** apikey + bearer + JSON: what every client request carries. */
  headers: Record<string, string>;
}

export interface TestServer {
  url: string;
  rest: string;
  keys: ServiceKeys;
  db: Database;
  /** A new practice: a random user id with a valid access token. */
  therapist(): Promise<Therapist>;
  /** fetch against the REST root: `api('/clients?select=id', init)`. */
  request(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export async function startTestServer(): Promise<TestServer> {
  const { db, drop } = await openTestDatabase();
  const schema = await prepareDatabase(db);
  const keys = await keysFromSecret(randomBytes(32).toString('hex'));
  const app = buildApp({ db, schema, keys });
  const url = await listen(app, '127.0.0.1', 0);
  return {
    url,
    rest: `${url}/rest/v1`,
    keys,
    db,
    async therapist() {
      const id = randomUUID();
      const { token } = await signAccessToken(keys.jwtSecret, { sub: id });
      return {
        id,
        token,
        headers: { apikey: keys.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      };
    },
    request: (path, init) => fetch(`${url}/rest/v1${path}`, init),
    async close() {
      await app.close();
      await drop();
    },
  };
}
