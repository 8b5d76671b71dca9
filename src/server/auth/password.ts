// Password hashing: scrypt from node:crypto (asynchronous, so a sign-in never blocks the event loop),
// with its parameters stored in each hash so they can be raised later without a migration.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * log2 of scrypt's N for new hashes. N = 2^15, r = 8, p = 1: 32 MiB and about 170 ms a hash on the
 * 2-vCPU machines this runs on. OWASP's floor is N = 2^17; that costs 0.7 s a sign-in here, which an
 * embedded, rate-limited service does not need. Existing hashes keep their own parameters when this
 * changes.
 */
export const DEFAULT_PASSWORD_HASH_COST = 15;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
const FORMAT = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([\w-]+)\$([\w-]+)$/;

function derive(password: string, salt: Buffer, log2N: number, r: number, p: number, length: number): Promise<Buffer> {
  const N = 2 ** log2N;
  // scrypt needs 128 * N * r bytes; twice that leaves room for its bookkeeping.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, length, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** The stored form of `password`: scrypt at N = 2^log2N, its parameters and salt beside the hash. */
export async function hashPassword(password: string, log2N: number): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  return storedForm(log2N, salt, await derive(password, salt, log2N, BLOCK_SIZE, PARALLELISM, KEY_BYTES));
}

/** How a hash is kept: scrypt's parameters and the salt beside the key, so verifying needs nothing else. */
const storedForm = (log2N: number, salt: Buffer, key: Buffer): string =>
  `scrypt$${log2N}$${BLOCK_SIZE}$${PARALLELISM}$${salt.toString('base64url')}$${key.toString('base64url')}`;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = FORMAT.exec(stored);
  if (!match) return false;
  const [, log2N, r, p, salt, key] = match;
  const expected = Buffer.from(key!, 'base64url');
  const actual = await derive(password, Buffer.from(salt!, 'base64url'), Number(log2N), Number(r), Number(p), expected.length);
  return timingSafeEqual(actual, expected);
}

/**
 * A hash no password matches, at the cost real hashes are made at, to verify against when the email
 * is unknown: both failures then cost one scrypt, and a sign-in's timing does not tell whether an
 * account exists. Its key is random bytes rather than any password's scrypt: verifying costs the
 * same, matching would take finding a preimage, and making it costs no scrypt at each start of the
 * service (one scrypt at 2^15: ~75-170 ms of CPU and 32 MiB, on the thread pool).
 */
export const unmatchableHash = (log2N: number): string =>
  storedForm(log2N, randomBytes(SALT_BYTES), randomBytes(KEY_BYTES));
