// The HTTP face of the service (fastify): routes under /rest/v1, raw JSON bodies handed to the
// REST pipeline, and the one error handler that answers every failure with a PostgREST body.
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { ServiceKeys } from './auth/keys.js';
import { identify, type Identity } from './auth/verify.js';
import type { Database } from './db/database.js';
import type { SchemaCache } from './db/schema-cache.js';
import { ServiceError, toErrorResponse } from './errors.js';
import { handleRest } from './rest/handle.js';
import { openApiDocument } from './rest/openapi.js';

export interface AppOptions {
  db: Database;
  schema: SchemaCache;
  keys: ServiceKeys;
}

const BODY_LIMIT_BYTES = 1024 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    identity?: Identity;
  }
}

function sendError(reply: FastifyReply, err: unknown, role: string): FastifyReply {
  const { status, body, headers } = toErrorResponse(err, role);
  if (status >= 500) reply.log.error(err);
  return reply
    .code(status)
    .headers(headers)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(body));
}

export function buildApp({ db, schema, keys }: AppOptions): FastifyInstance {
  const app = Fastify({ logger: false, bodyLimit: BODY_LIMIT_BYTES, exposeHeadRoutes: false });
  const secret = new TextEncoder().encode(keys.jwtSecret);

  // Bodies stay text: the pipeline parses them so that bad JSON gets PostgREST's error.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  const authenticate = async (request: FastifyRequest) => {
    request.identity = await identify(request.headers.authorization, secret);
  };

  app.get('/rest/v1/', { onRequest: authenticate }, async (_request, reply) =>
    reply.type('application/openapi+json; charset=utf-8').send(JSON.stringify(openApiDocument(schema))),
  );

  app.route<{ Params: { table: string } }>({
    method: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'],
    url: '/rest/v1/:table',
    onRequest: authenticate,
    handler: async (request, reply) => {
      const queryStart = request.url.indexOf('?');
      const response = await handleRest(db, schema, {
        method: request.method,
        table: request.params.table,
        search: queryStart === -1 ? '' : request.url.slice(queryStart + 1),
        path: queryStart === -1 ? request.url : request.url.slice(0, queryStart),
        headers: request.headers,
        body: typeof request.body === 'string' ? request.body : undefined,
        identity: request.identity!,
      });
      reply.code(response.status).headers(response.headers);
      return reply.send(request.method === 'HEAD' ? undefined : (response.body ?? undefined));
    },
  });

  app.setNotFoundHandler((request, reply) =>
    sendError(reply, new ServiceError(404, 'PGRST125', `Invalid path specified in request URL: ${request.url.split('?')[0]}`), 'anon'),
  );
  app.setErrorHandler((err, request, reply) => sendError(reply, err, request.identity?.role ?? 'anon'));
  return app;
}
