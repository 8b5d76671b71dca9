// CORS as a browser meets Supabase's gateway (docs/supabase-compat.md): a preflight OPTIONS on any
// path is answered 200 before the apikey check and the rate limits (a browser sends neither on a
// preflight), and every answer names the allowed origin and the headers a client may read.
import cors from '@fastify/cors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ANY_ORIGIN } from './cors-origins.js';

// What supabase-js, postgrest-js and auth-js send, and what PostgREST and Supabase Auth read.
const ALLOWED_HEADERS = [
  'authorization', 'apikey', 'content-type', 'accept', 'accept-profile', 'content-profile', 'prefer',
  'range', 'range-unit', 'x-client-info', 'x-supabase-api-version',
];

// PostgREST's exposed headers (Cors.hs), Supabase Auth's (api.go), and this service's own
// Preference-Applied and rate-limit headers, so a browser client can honour a 429 as the CLI does.
const EXPOSED_HEADERS = [
  'Content-Encoding', 'Content-Location', 'Content-Range', 'Content-Type', 'Date', 'Location', 'Server',
  'Transfer-Encoding', 'Range-Unit', 'Preference-Applied',
  'X-Total-Count', 'Link', 'X-Supabase-Api-Version', 'x-sb-error-code',
  'Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset',
];

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** A day, as PostgREST lets a browser remember a preflight. */
const PREFLIGHT_MAX_AGE_SECONDS = 24 * 60 * 60;

const REST = /^\/rest\/v1(\/|$|\?)/;

/**
 * Kong's cors plugin answers an OPTIONS carrying Origin and Access-Control-Request-Method and passes
 * any other on, so that /rest/v1 answers it with PostgREST's Allow (rest/allow.ts); elsewhere every
 * OPTIONS is answered here, as Supabase Auth has nothing else to say to one.
 */
const isPreflight = (request: FastifyRequest) =>
  request.method === 'OPTIONS' &&
  ((request.headers.origin !== undefined && request.headers['access-control-request-method'] !== undefined) || !REST.test(request.url));

// Supabase's gateway (Kong's cors plugin) and PostgREST answer a preflight with 200.
const PREFLIGHT_ANSWER = {
  'access-control-allow-methods': METHODS.join(', '),
  'access-control-allow-headers': ALLOWED_HEADERS.join(', '),
  'access-control-max-age': String(PREFLIGHT_MAX_AGE_SECONDS),
  'content-length': '0',
};

function answerPreflight(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  if (!isPreflight(request)) return done();
  void reply.code(200).headers(PREFLIGHT_ANSWER).send();
}

/**
 * Must be registered before any other onRequest hook: it answers a preflight itself, in its hook,
 * so nothing after it (the apikey gate, the rate limits) ever sees one.
 */
export async function installCors(app: FastifyInstance, origins: readonly string[]): Promise<void> {
  const anyOrigin = origins.includes(ANY_ORIGIN);
  await app.register(cors, {
    // One origin string is sent as it is, whichever origin asked; a list reflects the asking
    // origin when it is on the list (with Vary: Origin), and names none otherwise.
    origin: anyOrigin ? ANY_ORIGIN : [...origins],
    // Joined once here: given an array, the plugin joins it again for every answer.
    exposedHeaders: EXPOSED_HEADERS.join(', '),
    // The plugin answers every OPTIONS or none; answerPreflight tells a preflight from the others.
    preflight: false,
  });
  // After the plugin's hook, so a preflight's answer names the origin too.
  app.addHook('onRequest', answerPreflight);
}
