// The HTTP face of the service (fastify): the gateway's checks (request size, apikey, rate limits),
// /rest/v1 handed to the REST pipeline, /auth/v1, and the one error handler that answers every failure.
import type { Socket } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type HookHandlerDoneFunction } from 'fastify';
import type { ServiceKeys } from '../local-service/keys.js';
import type { AccountStore } from './auth/account-store.js';
import { DEFAULT_AUTH_SETTINGS, registerAuthRoutes, type AuthSettings } from './auth/routes.js';
import { rememberingIdentifier, type Identity } from './auth/verify.js';
import type { Database } from './db/database.js';
import type { SchemaCache } from './db/schema-cache.js';
import { failures, toErrorResponse } from './errors.js';
import { registerAdminRoutes } from './http/admin-routes.js';
import { registerBookingPageRoute } from './http/booking-page.js';
import { registerCalendarFeedRoute } from './http/calendar-feed.js';
import { apiKeyGate, withoutApiKey } from './http/apikey.js';
import { registerBookingLimits } from './http/booking-limits.js';
import { readBodiesAsText } from './http/body-text.js';
import { installCors } from './http/cors.js';
import { ANY_ORIGIN } from './http/cors-origins.js';
import { capConnectionsPerIp } from './http/connection-cap.js';
import {
  BODY_LIMIT_BYTES, type ConnectionSettings, DEFAULT_CONNECTION_SETTINGS, DEFAULT_RATE_LIMITS, HEADER_LIMIT_BYTES,
  KEEP_ALIVE_TIMEOUT_SECONDS, type RateLimitSettings, URL_LIMIT_BYTES,
} from './http/limits.js';
import { installRateLimits, type RateLimitStore } from './http/rate-limits.js';
import { answerClientError, checkUrlLength } from './http/request-size.js';
import { READ_METHODS } from './rest/allow.js';
import { restHandler, type RestRequest } from './rest/handle.js';
import { callsOnlyReaders } from './rest/rpc-plan.js';
import { openApiDocument } from './rest/openapi.js';

export interface AppOptions {
  db: Database;
  schema: SchemaCache;
  /** Whose the accounts are (prepare.ts): `external` leaves sign-up and sign-in to the project's Supabase Auth. */
  accountStore: AccountStore;
  keys: ServiceKeys;
  /** Default: INTERFACE.md's 100 reads, 30 writes and 10 auth requests a minute. */
  rateLimits?: RateLimitSettings;
  /** Shared counters (Redis); absent keeps them in this process. */
  rateLimitStore?: RateLimitStore | null;
  auth?: AuthSettings;
  /**
   * The load balancers (addresses, CIDR ranges, or proxy-addr's names like `loopback`) whose
   * X-Forwarded-For names the client; absent, the peer address is the client's.
   */
  trustProxy?: string | undefined;
  /** The browser origins allowed to call the service; default every origin (`*`). */
  corsOrigins?: readonly string[] | undefined;
  /** Timeouts for slow clients and the per-address connection cap; default DEFAULT_CONNECTION_SETTINGS. */
  connections?: ConnectionSettings | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    identity?: Identity;
  }
}

const connectionsGone = new WeakMap<Socket, AbortSignal>();

/**
 * Aborted when the client's connection closes: a request still being answered on it then has no
 * one waiting for its answer. One signal per connection, not per request: a keep-alive connection
 * carries many requests, and an AbortController and its listener per request cost a read more than
 * its apikey check and authentication together (bench/server, issue 28.7).
 */
function clientGone(socket: Socket): AbortSignal {
  let signal = connectionsGone.get(socket);
  if (signal === undefined) {
    const gone = new AbortController();
    socket.once('close', () => gone.abort());
    signal = gone.signal;
    connectionsGone.set(socket, signal);
  }
  return signal;
}

function sendError(reply: FastifyReply, request: FastifyRequest, err: unknown): FastifyReply {
  const { status, body, headers } = toErrorResponse(err, {
    role: request.identity?.role ?? 'anon',
    surface: (request.routeOptions.url ?? request.url).startsWith('/auth/v1') ? 'auth' : 'rest',
    authApiVersion: request.headers['x-supabase-api-version'] as string | undefined,
  });
  if (status >= 500) reply.log.error(err);
  return reply
    .code(status)
    .headers(headers)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(body));
}

function takesNoSchema(): never {
  throw new Error('The service\'s routes take no JSON schema: requests are checked by the REST planner and the database (src/server/app.ts).');
}

export async function buildApp({ db, schema, accountStore, keys, ...options }: AppOptions): Promise<FastifyInstance> {
  const connections = options.connections ?? DEFAULT_CONNECTION_SETTINGS;
  const headersTimeoutMs = connections.headersTimeout * 1000;
  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT_BYTES,
    // A table or function name as long as the URL may be: unknown names are answered by the planner
    // (PGRST205, PGRST202), not by the router's 414 in fastify's own shape.
    routerOptions: { maxParamLength: URL_LIMIT_BYTES },
    exposeHeadRoutes: false,
    // A slow client is answered 408 (request-size.ts) once its headers, or its whole request with
    // the body, take longer than allowed; Node checks its connections at the interval.
    http: { maxHeaderSize: HEADER_LIMIT_BYTES, headersTimeout: headersTimeoutMs, connectionsCheckingInterval: Math.min(1000, headersTimeoutMs / 4) },
    requestTimeout: connections.requestTimeout * 1000,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    clientErrorHandler: answerClientError,
    // No route declares a JSON schema (the REST planner and the database check requests), so
    // fastify's default compilers, ajv and fast-json-stringify, are never loaded: ~34 ms of every
    // start (bench/start). A route given a schema fails at start, saying so, instead of going unchecked.
    schemaController: { compilersFactory: { buildValidator: takesNoSchema, buildSerializer: takesNoSchema } },
    // Rate limits key anon and auth requests on request.ip: behind a balancer, the client's.
    ...(options.trustProxy ? { trustProxy: options.trustProxy } : {}),
  });
  capConnectionsPerIp(app.server, connections.connectionsPerIp, options.trustProxy);
  const identify = rememberingIdentifier(new TextEncoder().encode(keys.jwtSecret));

  readBodiesAsText(app);

  // The gateway, in the order a request meets it: CORS (a preflight is answered there, before any
  // check a browser's preflight could not pass), its size, then its project key.
  await installCors(app, options.corsOrigins ?? [ANY_ORIGIN]);
  app.addHook('onRequest', checkUrlLength);
  app.addHook('onRequest', apiKeyGate(keys));
  const limits = await installRateLimits(app, options.rateLimits ?? DEFAULT_RATE_LIMITS, options.rateLimitStore ?? null,
    (request) => request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS' || callsOnlyReaders(schema, (request.params as { fn?: string }).fn));
  registerBookingLimits(app, options.rateLimits ?? DEFAULT_RATE_LIMITS, options.rateLimitStore ?? null);

  // With no Authorization header the apikey is the bearer, as behind Supabase's gateway: the anon
  // key makes the request anon, the service key service_role. Callback style, so a remembered token
  // costs no promise.
  const authenticate = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    try {
      const identity = identify(request.headers.authorization ?? `Bearer ${request.apiKey ?? ''}`);
      if (!(identity instanceof Promise)) {
        request.identity = identity;
        return done();
      }
      identity.then((known) => {
        request.identity = known;
        done();
      }, done);
    } catch (err) {
      done(err as Error);
    }
  };

  // Whose counter an /auth/v1/user or /logout request spends: the token's user when it verifies,
  // else the client IP. Never a refusal here: the handler checks the token again as Supabase Auth
  // does (its session too, which this remembered check does not) and answers with Supabase Auth's errors.
  const identifyForLimits = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const known = (identity: Identity) => {
      if (identity.role === 'authenticated') request.identity = identity;
      done();
    };
    try {
      const identity = identify(request.headers.authorization);
      if (identity instanceof Promise) identity.then(known, () => done());
      else known(identity);
    } catch {
      done();
    }
  };

  // HEAD answers like GET without the body, as PostgREST does for the root; OPTIONS names both.
  app.route({
    method: ['GET', 'HEAD', 'OPTIONS'],
    url: '/rest/v1/',
    onRequest: [authenticate, ...limits.rest],
    handler: async (request, reply) => request.method === 'OPTIONS'
      ? reply.header('allow', READ_METHODS).send()
      : reply.type('application/openapi+json; charset=utf-8').send(request.method === 'HEAD' ? undefined : JSON.stringify(openApiDocument(schema, request.identity!.role))),
  });

  const handleRest = restHandler(db, schema);
  const answer = async (request: FastifyRequest, reply: FastifyReply, target: Pick<RestRequest, 'table' | 'routine'>) => {
    const queryStart = request.url.indexOf('?');
    const response = await handleRest({
      method: request.method,
      ...target,
      search: queryStart === -1 ? '' : withoutApiKey(request.url.slice(queryStart + 1)),
      path: queryStart === -1 ? request.url : request.url.slice(0, queryStart),
      headers: request.headers,
      body: typeof request.body === 'string' ? request.body : undefined,
      identity: request.identity!,
      signal: clientGone(request.raw.socket),
    });
    reply.code(response.status).headers(response.headers);
    return reply.send(request.method === 'HEAD' ? undefined : (response.body ?? undefined));
  };
  // OPTIONS that is no CORS preflight reaches these, as Kong passes it to PostgREST (cors.ts).
  app.route<{ Params: { table: string } }>({
    method: ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'],
    url: '/rest/v1/:table',
    onRequest: [authenticate, ...limits.rest],
    handler: (request, reply) => answer(request, reply, { table: request.params.table }),
  });
  // Every method reaches the planner, which refuses all but GET, HEAD and POST as PostgREST does.
  app.route<{ Params: { fn: string } }>({
    method: ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'],
    url: '/rest/v1/rpc/:fn',
    onRequest: [authenticate, ...limits.rest],
    handler: (request, reply) => answer(request, reply, { table: '', routine: request.params.fn }),
  });

  registerAuthRoutes(app, {
    db, keys, accountStore, settings: options.auth ?? DEFAULT_AUTH_SETTINGS, failedPasswordStore: options.rateLimitStore ?? null,
    onRequest: { credentials: limits.auth, signedIn: limits.rest.length > 0 ? [identifyForLimits, ...limits.rest] : [] },
  });
  registerAdminRoutes(app, { db, onRequest: authenticate });
  registerCalendarFeedRoute(app, { db, onRequest: limits.rest });
  registerBookingPageRoute(app, { anonKey: keys.anonKey, onRequest: limits.rest });

  app.setNotFoundHandler((request, reply) => sendError(reply, request, failures.invalidPath(request.url.split('?')[0]!)));
  app.setErrorHandler((err, request, reply) => sendError(reply, request, err));
  return app;
}
