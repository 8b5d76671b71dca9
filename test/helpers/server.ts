// One practice service per test file, on loopback over real HTTP, backed by a copy of the project's
// template database (store.ts) that may have served the worker's earlier files (database-pool.ts),
// started as `server start` would be on that store: with its migrations off on the supabase store,
// as `--no-migrate` starts it on a hosted Supabase project.
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import type { AccountStore } from '../../src/server/auth/account-store.js';
import { keysFromSecret, type ServiceKeys } from '../../src/local-service/keys.js';
import { DEFAULT_AUTH_SETTINGS, type AuthSettings } from '../../src/server/auth/routes.js';
import { signAccessToken } from '../../src/server/auth/tokens.js';
import type { Database, DatabaseOptions } from '../../src/server/db/database.js';
import type { SchemaCache } from '../../src/server/db/schema-cache.js';
import { DEFAULT_CONNECTION_SETTINGS, type ConnectionSettings, type RateLimitSettings } from '../../src/server/http/limits.js';
import type { RateLimitStore } from '../../src/server/http/rate-limits.js';
import { listen } from '../../src/server/serve.js';
import { borrowDatabase } from './database-pool.js';

export interface Therapist {
  id: string;
  token: string;
  /** apikey + bearer + JSON: what every client request carries. */
  headers: Record<string, string>;
}

/** A signed-up account's session, as /auth/v1/signup and /auth/v1/token answer it. */
export interface Session {
  access_token: string;
  token_type: string;
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: { id: string; email: string } & Record<string, unknown>;
}

export interface Answer {
  status: number;
  headers: Headers;
  /** The parsed JSON body; null when empty, the text when not JSON. */
  body: any;
  text: string;
}

/** fetch, with the body read and parsed, for tests that check status, headers and exact JSON. */
export async function call(url: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(url, init);
  const text = await response.text();
  let body: unknown = null;
  if (text !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return { status: response.status, headers: response.headers, body, text };
}

export interface TestServerOptions {
  /** Rate limits; every one is off unless set here, so suites are not throttled by each other. */
  rateLimits?: Partial<RateLimitSettings>;
  /** Counters shared through Redis (use a prefix unique to the test); default: in memory. */
  rateLimitStore?: RateLimitStore;
  auth?: Partial<AuthSettings>;
  /** Keep the method and URL of every request in `received`, so CLI tests can check what was sent. */
  recordRequests?: boolean;
  /** Load balancers whose X-Forwarded-For is believed (app.ts). */
  trustProxy?: string;
  /** Browser origins allowed (app.ts); default every origin. */
  corsOrigins?: string[];
  /** Timeouts and the per-address connection cap; default the service's timeouts, and no cap (suites run many requests at once from loopback). */
  connections?: Partial<ConnectionSettings>;
  /** What the store is opened with (statement time limits). */
  database?: DatabaseOptions;
  /** SQL run on the migrated database before the schema cache is read: a table a test needs beside the practice's. */
  schemaSql?: string;
}

/** A request as it reached the server; `url` is the path and query string as sent (percent-encoded). */
interface ReceivedRequest {
  method: string;
  url: string;
}

export interface TestServer {
  url: string;
  rest: string;
  /** The auth root, `<url>/auth/v1`. */
  auth: string;
  keys: ServiceKeys;
  db: Database;
  /** With `recordRequests`: every request so far, oldest first (empty otherwise); tests may clear it. */
  received: ReceivedRequest[];
  /** A new practice: a random user id with a valid access token. */
  therapist(): Promise<Therapist>;
  /** fetch against the REST root: `api('/clients?select=id', init)`. */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** A new account through POST /auth/v1/signup (random email unless given), and its session. */
  signUp(email?: string, password?: string): Promise<Session>;
  /** The fastify app serving: what its router matches (printRoutes), for tests that walk every route. */
  app: FastifyInstance;
  /** Another instance of the service on the same database and keys, as behind a load balancer. */
  sibling(options?: TestServerOptions): Promise<TestServer>;
  close(): Promise<void>;
}

const LIMITS_OFF: RateLimitSettings = { readsPerMinute: 0, writesPerMinute: 0, authPerMinute: 0 };

// Passwords hashed at 2^10, not the service's 2^15: a run hashes ~290 times, and at the service's
// cost (74-170 ms of CPU a hash on these machines, 2 ms at 2^10) that is 20-50 s of CPU (issue 26).
// The same code hashes and checks; auth-endpoints.test.ts keeps the service's own cost, where the
// hash's cost is what it tests.
const TEST_AUTH_SETTINGS: AuthSettings = { ...DEFAULT_AUTH_SETTINGS, passwordHashCost: 10 };

interface Shared {
  db: Database;
  schema: SchemaCache;
  accountStore: AccountStore;
  keys: ServiceKeys;
}

async function startInstance(shared: Shared, options: TestServerOptions, release: () => Promise<void>): Promise<TestServer> {
  const { db, schema, accountStore, keys } = shared;
  const app = await buildApp({
    db,
    schema,
    accountStore,
    keys,
    rateLimits: { ...LIMITS_OFF, ...options.rateLimits },
    rateLimitStore: options.rateLimitStore ?? null,
    auth: { ...TEST_AUTH_SETTINGS, ...options.auth },
    trustProxy: options.trustProxy,
    corsOrigins: options.corsOrigins,
    connections: { ...DEFAULT_CONNECTION_SETTINGS, connectionsPerIp: 0, ...options.connections },
  });
  const url = await listen(app, '127.0.0.1', 0);
  const received: ReceivedRequest[] = [];
  if (options.recordRequests) app.server.prependListener('request', (request) => received.push({ method: request.method ?? '', url: request.url ?? '' }));
  return {
    url,
    rest: `${url}/rest/v1`,
    auth: `${url}/auth/v1`,
    keys,
    db,
    received,
    app,
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
    async signUp(email = `${randomUUID()}@example.com`, password = 'correct horse battery') {
      const answer = await call(`${url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: keys.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      if (answer.status !== 200) throw new Error(`signup failed: ${answer.status} ${answer.text}`);
      return answer.body as Session;
    },
    sibling: (siblingOptions = {}) => startInstance(shared, siblingOptions, async () => {}),
    async close() {
      await app.close();
      await release();
    },
  };
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const { db, schema, accountStore, release } = await borrowDatabase(options);
  const keys = await keysFromSecret(randomBytes(32).toString('hex'));
  return startInstance({ db, schema, accountStore, keys }, options, release);
}
