// The gateway's API-key check (PROTOCOL.md section 7): every request under /rest/v1, /auth/v1 and /admin/v1
// names one of the project's two keys in the `apikey` header or `?apikey=`, or is refused with 401.
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { ServiceKeys } from '../../local-service/keys.js';
import { gatewayFailures } from '../errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The project key the request presented, once the gate has accepted it. */
    apiKey?: string;
  }
}

const GATED = /^\/(rest|auth|admin)\/v1(\/|\?|$)/;

/**
 * Whether a request is the gate's: by the route the router matched (it decodes `%61uth`, and would
 * follow any option that widens matching), and by the raw URL for one it matched none of, so an
 * unknown path under an API is still 401 before 404. Reading only the raw URL let `/%61uth/v1/signup`
 * past the gate to the sign-up handler.
 */
function isGated(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return (route !== undefined && GATED.test(route)) || GATED.test(request.url);
}

function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers.apikey;
  if (typeof header === 'string') return header;
  const param = (request.query as Record<string, unknown> | undefined)?.apikey;
  const first = Array.isArray(param) ? param[0] : param;
  return typeof first === 'string' ? first : undefined;
}

/**
 * The onRequest hook of the gate (callback style: no promise per request). The keys are looked up
 * in a Set: the presented key is hashed whole (a time that depends on its length only), and its
 * characters are compared with a key's only when the hashes match, so a guess learns nothing from
 * the time of its refusal. Two SHA-256 digests per request cost more than the rest of the gate.
 */
export function apiKeyGate(keys: ServiceKeys) {
  const known = new Set([keys.anonKey, keys.serviceKey]);
  const check = (request: FastifyRequest) => {
    if (!isGated(request)) return;
    const key = presentedKey(request);
    if (key === undefined || key === '') throw gatewayFailures.missingApiKey();
    if (!known.has(key)) throw gatewayFailures.invalidApiKey();
    request.apiKey = key;
  };
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    try {
      check(request);
      done();
    } catch (err) {
      done(err as Error);
    }
  };
}

/** The query string without `apikey`, which is the gateway's and must not reach the REST parser. */
export function withoutApiKey(search: string): string {
  if (!search.includes('apikey')) return search;
  return search
    .split('&')
    .filter((pair) => pair.slice(0, pair.includes('=') ? pair.indexOf('=') : undefined) !== 'apikey')
    .join('&');
}
