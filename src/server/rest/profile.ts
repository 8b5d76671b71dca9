// Schema negotiation (PostgREST's getSchema): `Accept-Profile` on reads, `Content-Profile` on
// writes, may name one of the exposed schemas; this service exposes `public` only.
import { failures } from '../errors.js';

const EXPOSED_SCHEMAS = ['public'] as const;

const WRITES = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

/**
 * The schema the request named, which its answer repeats in `Content-Profile`; null when it named
 * none. Naming another is 406 PGRST106.
 */
export function negotiatedProfile(method: string, headers: Record<string, string | string[] | undefined>): string | null {
  const value = headers[WRITES.has(method) ? 'content-profile' : 'accept-profile'];
  const profile = Array.isArray(value) ? value[0] : value;
  if (profile === undefined) return null;
  if (!(EXPOSED_SCHEMAS as readonly string[]).includes(profile)) throw failures.unacceptableSchema(profile, EXPOSED_SCHEMAS);
  return profile;
}
