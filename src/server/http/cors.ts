// CORS as a browser meets Supabase's gateway (docs/supabase-compat.md): a preflight OPTIONS on any
// path is answered 200 before the apikey check and the rate limits (a browser sends neither on a
// preflight), and every answer names the allowed origin and the headers a client may read.
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
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
    // Joined once here: given arrays, the plugin joins them again for every answer.
    methods: METHODS.join(', '),
    allowedHeaders: ALLOWED_HEADERS.join(', '),
    exposedHeaders: EXPOSED_HEADERS.join(', '),
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
    // Supabase's gateway (Kong's cors plugin) and PostgREST answer a preflight with 200.
    optionsSuccessStatus: 200,
    // An OPTIONS without Origin is still answered, as Kong does, instead of fastify-cors' 400.
    strictPreflight: false,
  });
}
