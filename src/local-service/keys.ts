// The service's secrets: the JWT signing secret (from PRACTICE_JWT_SECRET, or generated once into the
// data dir with mode 0600) and the two API keys derived from it, as Supabase's anon and service keys are.
import { randomBytes } from 'node:crypto';
// fs.promises, not node:fs/promises: Node loads it on first use, which a read never makes (docs/architecture.md).
import { promises as fsp } from 'node:fs';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { createFileExclusively } from '../fs/atomic-files.js';

export interface ServiceKeys {
  jwtSecret: string;
  /** A JWT with role anon: the `apikey` clients send, and their bearer token before sign-in. */
  anonKey: string;
  /** A JWT with role service_role (bypasses row-level security); for administration only. */
  serviceKey: string;
}

const MIN_SECRET_BYTES = 32;
const SECRET_FILE = 'jwt-secret';
// API keys carry a fixed issue time and no expiry, so every instance sharing one secret derives the
// same keys (a load-balanced deployment needs that); rotating the secret is how keys are revoked.
const API_KEY_ISSUED_AT = 1767225600;

async function apiKey(secret: Uint8Array, role: 'anon' | 'service_role'): Promise<string> {
  return new SignJWT({ iss: 'practice', role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(API_KEY_ISSUED_AT)
    .sign(secret);
}

export async function keysFromSecret(jwtSecret: string): Promise<ServiceKeys> {
  if (Buffer.byteLength(jwtSecret) < MIN_SECRET_BYTES) {
    throw new Error(`The JWT secret must be at least ${MIN_SECRET_BYTES} bytes long; set a longer PRACTICE_JWT_SECRET.`);
  }
  const secret = new TextEncoder().encode(jwtSecret);
  return { jwtSecret, anonKey: await apiKey(secret, 'anon'), serviceKey: await apiKey(secret, 'service_role') };
}

/** The secret of a data dir: PRACTICE_JWT_SECRET wins; else the file, created on first use. */
export async function loadJwtSecret(dataDir: string, env: NodeJS.ProcessEnv): Promise<string> {
  if (env.PRACTICE_JWT_SECRET) return env.PRACTICE_JWT_SECRET;
  const path = join(dataDir, SECRET_FILE);
  try {
    return (await fsp.readFile(path, 'utf8')).trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const secret = randomBytes(48).toString('base64url');
  try {
    // Two processes racing to create it keep the first one's secret; neither ever reads it empty.
    await createFileExclusively(path, `${secret}\n`, { mode: 0o600 });
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return (await fsp.readFile(path, 'utf8')).trim();
  }
}

export async function loadServiceKeys(dataDir: string, env: NodeJS.ProcessEnv): Promise<ServiceKeys> {
  return keysFromSecret(await loadJwtSecret(dataDir, env));
}
