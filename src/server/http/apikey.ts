// The gateway's API-key check (PROTOCOL.md section 7): every request under /rest/v1, /auth/v1 and /admin/v1
// names one of the project's two keys in the `apikey` header or `?apikey=`, or is refused with 401.
import { createHash, timingSafeEqual } from 'node:crypto';
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

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers.apikey;
  if (typeof header === 'string') return header;
  const param = (request.query as Record<string, unknown> | undefined)?.apikey;
  const first = Array.isArray(param) ? param[0] : param;
  return typeof first === 'string' ? first : undefined;
}

/**
 * The onRequest hook of the gate (callback style: no promise per request); keys are compared by
 * digest in constant time, both every time.
 */
export function apiKeyGate(keys: ServiceKeys) {
  const known = [digest(keys.anonKey), digest(keys.serviceKey)];
  const check = (request: FastifyRequest) => {
    if (!GATED.test(request.url)) return;
    const key = presentedKey(request);
    if (key === undefined || key === '') throw gatewayFailures.missingApiKey();
    const presented = digest(key);
    const matches = known.map((candidate) => timingSafeEqual(candidate, presented));
    if (!matches.includes(true)) throw gatewayFailures.invalidApiKey();
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
