// Authentication of a request: the bearer JWT (HS256, the server's secret) -> role and claims,
// or a 401 with the PostgREST code and wording for what was wrong (PROTOCOL.md section 4).
import { errors, jwtVerify } from 'jose';
import type { RequestRole } from '../db/database.js';
import { ServiceError } from '../errors.js';
import { LeastRecentlyUsed } from '../lru.js';

export interface Identity {
  role: RequestRole;
  /** The token's claims as the JSON text set_config wants: serialised once per token, not per request. */
  claimsJson: string;
  /** The practice the request acts for: the `sub` of an authenticated user, else null. */
  userId: string | null;
}

const CLOCK_SKEW_SECONDS = 30;
const ROLES = new Set<RequestRole>(['anon', 'authenticated', 'service_role']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

const ANONYMOUS: Identity = { role: 'anon', claimsJson: JSON.stringify({ role: 'anon' }), userId: null };

function unauthorized(code: 'PGRST301' | 'PGRST302' | 'PGRST303', message: string): ServiceError {
  const description = message.replaceAll('"', "'");
  return new ServiceError(401, code, message, null, null, {
    'www-authenticate': `Bearer error="invalid_token", error_description="${description}"`,
  });
}

function claimFailure(err: unknown): ServiceError {
  if (err instanceof errors.JWTExpired) return unauthorized('PGRST303', 'JWT expired');
  if (err instanceof errors.JWTClaimValidationFailed && err.claim === 'nbf') {
    return unauthorized('PGRST303', 'JWT not yet valid');
  }
  if (err instanceof errors.JWTClaimValidationFailed) {
    return unauthorized('PGRST303', 'JWT claims validation or parsing failed');
  }
  return unauthorized('PGRST301', 'JWT cryptographic operation failed');
}

function bearerToken(authorization: string | undefined): string | null {
  if (authorization === undefined) return null;
  const match = /^Bearer(?:\s+(.*))?$/i.exec(authorization.trim());
  if (!match) throw unauthorized('PGRST301', 'Authorization header must use the Bearer scheme');
  return match[1]?.trim() ?? '';
}

/** The claims of a token signed with the secret, or the 401 that says what is wrong with it. */
export async function verifyJwt(token: string, secret: Uint8Array): Promise<Record<string, unknown>> {
  if (token === '') throw unauthorized('PGRST301', 'Empty JWT is sent in Authorization header');
  const parts = token.split('.').length;
  if (parts !== 3) throw unauthorized('PGRST301', `Expected 3 parts in JWT; got ${parts}`);

  let claims: Record<string, unknown>;
  try {
    // The algorithm is pinned: `alg: none` and every other algorithm are refused.
    ({ payload: claims } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      clockTolerance: CLOCK_SKEW_SECONDS,
    }));
  } catch (err) {
    throw claimFailure(err);
  }
  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.iat === 'number' && claims.iat > now + CLOCK_SKEW_SECONDS) {
    throw unauthorized('PGRST303', 'JWT issued at future');
  }
  return claims;
}

/** The identity a verified token's claims grant, or the 401 for a role or sub the API refuses. */
function identityOf(claims: Record<string, unknown>): Identity {
  const role = (claims.role ?? 'anon') as RequestRole;
  if (!ROLES.has(role)) throw unauthorized('PGRST303', `JWT role '${String(claims.role)}' is not allowed`);
  let userId: string | null = null;
  if (role === 'authenticated') {
    if (typeof claims.sub !== 'string' || !isUuid(claims.sub)) {
      throw unauthorized('PGRST303', 'JWT has no valid sub claim: the user id must be a uuid');
    }
    userId = claims.sub.toLowerCase();
  }
  return { role, claimsJson: JSON.stringify(claims), userId };
}

/** The Authorization header -> the request's identity; synchronous when the token is remembered. */
export type Identifier = (authorization: string | undefined) => Identity | Promise<Identity>;

const REMEMBERED_TOKENS = 1000;
// Bytes of tokens and claims kept at most: a thousand ordinary tokens (about 1 KiB each, twice
// over with their claims) fit four times; tokens carrying large metadata push older ones out.
export const REMEMBERED_TOKEN_BYTES = 8 * 1024 * 1024;

interface Remembered {
  identity: Identity;
  validFrom: number;
  validUntil: number;
}

/** The memory of accepted tokens, bounded by count and by bytes (JavaScript strings: 2 bytes a character). */
export function rememberedTokens(): LeastRecentlyUsed<string, Remembered> {
  return new LeastRecentlyUsed<string, Remembered>(REMEMBERED_TOKENS, {
    max: REMEMBERED_TOKEN_BYTES,
    weigh: (token, remembered) => 2 * (token.length + remembered.identity.claimsJson.length),
  });
}

/**
 * Identification with a memory of the tokens it accepted (PostgREST keeps a JWT cache too): a
 * client sends one token with every request, and its HMAC check costs more than the rest of a read.
 * A remembered token is trusted only inside the window its time claims allow; outside it, the token
 * is verified anew, so every refusal still comes from verifyJwt and identityOf.
 */
export function rememberingIdentifier(secret: Uint8Array): Identifier {
  const accepted = rememberedTokens();
  const verify = async (token: string) => {
    const claims = await verifyJwt(token, secret);
    const identity = identityOf(claims);
    const seconds = (claim: unknown, otherwise: number) => (typeof claim === 'number' ? claim : otherwise);
    accepted.set(token, {
      identity,
      validFrom: Math.max(seconds(claims.nbf, -Infinity), seconds(claims.iat, -Infinity)) - CLOCK_SKEW_SECONDS,
      validUntil: seconds(claims.exp, Infinity) + CLOCK_SKEW_SECONDS,
    });
    return identity;
  };
  return (authorization) => {
    const token = bearerToken(authorization);
    if (token === null) return ANONYMOUS;
    const now = Date.now() / 1000;
    const known = accepted.get(token);
    if (known && now >= known.validFrom && now <= known.validUntil) return known.identity;
    return verify(token);
  };
}
