// The /auth/v1 endpoints, as Supabase Auth answers them (PROTOCOL.md section 6): signup, the password
// and refresh_token grants, logout and user; sessions carry an access token and a refresh token.
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, onRequestHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import type { ServiceKeys } from '../../local-service/keys.js';
import type { Database } from '../db/database.js';
import { authFailures, ServiceError } from '../errors.js';
import { parseJsonBody } from '../http/json-body.js';
import { accountDatabase, type AccountStore } from './account-store.js';
import {
  createAccount, findAccountByEmail, findAccountById, isValidEmail, normalizeEmail, recordSignIn, updateAccount, userJson,
  type Account, type AccountChanges,
} from './accounts.js';
import { DEFAULT_FAILED_PASSWORD_LIMIT, failedPasswords, type FailedPasswordLimit } from './failed-passwords.js';
import { AUTH_HEALTH, authSettings } from './settings.js';
import { DEFAULT_PASSWORD_HASH_COST, hashPassword, unmatchableHash, verifyPassword } from './password.js';
import {
  DEFAULT_REFRESH_REUSE_SECONDS, endSessions, liveSessionStart, rotateRefreshToken, startSession, type IssuedToken, type LogoutScope,
} from './sessions.js';
import { DEFAULT_TOKEN_SECONDS, signAccessToken } from './tokens.js';
import { isUuid, verifyJwt } from './verify.js';

export interface AuthSettings {
  /** Lifetime of an access token. */
  accessTokenSeconds: number;
  /** How long a rotated refresh token may still be exchanged (a client that lost the answer). */
  refreshReuseSeconds: number;
  /** How long after a sign-in its session may change the password or email without the current password. */
  recentSignInSeconds: number;
  /** Failed password checks allowed per account (sign-in and PUT /user's current_password). */
  failedPasswords: FailedPasswordLimit;
  /** log2 of scrypt's N for the passwords it hashes (password.ts); a hash keeps its own when this changes. */
  passwordHashCost: number;
}

export const DEFAULT_AUTH_SETTINGS: AuthSettings = {
  accessTokenSeconds: DEFAULT_TOKEN_SECONDS,
  refreshReuseSeconds: DEFAULT_REFRESH_REUSE_SECONDS,
  recentSignInSeconds: 300,
  failedPasswords: DEFAULT_FAILED_PASSWORD_LIMIT,
  passwordHashCost: DEFAULT_PASSWORD_HASH_COST,
};

// Supabase Auth's defaults: 6 characters at least; 72 bytes at most (bcrypt's limit there, kept
// here so a password accepted by one backend is accepted by the other).
const MIN_PASSWORD_BYTES = 6;
const MAX_PASSWORD_BYTES = 72;
const LOGOUT_SCOPES = new Set<LogoutScope>(['global', 'local', 'others']);
// user_metadata as stored, serialized: every access token carries it, so it must stay small
// (docs/supabase-compat.md). Supabase Auth sets no limit of its own.
export const MAX_METADATA_BYTES = 16 * 1024;

export interface AuthRouteOptions {
  db: Database;
  keys: ServiceKeys;
  /** `external`: a request that would read or write an account is refused, pointing at the project's Supabase Auth. */
  accountStore: AccountStore;
  settings: AuthSettings;
  /** The rate limits' Redis (REDIS_URL), where failed passwords are counted too; null: in memory. */
  failedPasswordStore?: { redis: Redis; prefix: string } | null;
  /** The hooks each kind of route passes first: its rate limit (INTERFACE.md section 8). */
  onRequest: {
    /** Sign-up and the token grants: the auth limit ("login, signup"), per client IP. */
    credentials: onRequestAsyncHookHandler[];
    /**
     * /user and /logout: the signed-in user's read and write limits, as for any other GET and POST,
     * so `practice auth status` in a shell prompt never spends the sign-in allowance.
     */
    signedIn: Array<onRequestHookHandler | onRequestAsyncHookHandler>;
  };
}

interface SignedInUser {
  userId: string;
  sessionId: string | null;
  /** When the session signed in; null for a token without a session. */
  signedInAt: Date | null;
}

/** Whether a NUL is anywhere in a parsed JSON value, keys included (its depth is bounded by parseJsonBody). */
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(([key, inner]) => key.includes('\0') || holdsNul(inner));
}

/**
 * The JSON object a request sends; absent or mistyped fields read as empty, as Supabase's do.
 * A NUL in it is refused here, on every route: PostgreSQL's text and jsonb cannot hold one, and
 * the query would fail with a 500.
 */
function jsonObject(request: FastifyRequest): Record<string, unknown> {
  const body = parseJsonBody(request.body as string | undefined, authFailures.badJson);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw authFailures.badJson();
  const field = Object.keys(body).find((key) => holdsNul(key) || holdsNul((body as Record<string, unknown>)[key]));
  if (field === 'email') throw authFailures.invalidEmail();
  if (field !== undefined) throw authFailures.nulCharacter(field.replaceAll('\0', '\\u0000'));
  return body as Record<string, unknown>;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function credentials(request: FastifyRequest): { email: string; password: string } {
  const body = jsonObject(request);
  return { email: normalizeEmail(text(body.email)), password: text(body.password) };
}

/** Supabase Auth's checkPasswordStrength: too long is a 400, too short a 422 weak_password. */
function checkPasswordStrength(password: string): void {
  const bytes = Buffer.byteLength(password);
  if (bytes > MAX_PASSWORD_BYTES) throw authFailures.passwordTooLong(MAX_PASSWORD_BYTES);
  if (bytes < MIN_PASSWORD_BYTES) throw authFailures.weakPassword(MIN_PASSWORD_BYTES);
}

/** `data` as Supabase Auth reads it: an object, or absent (null and other types change nothing). */
function metadataOf(body: Record<string, unknown>): Record<string, unknown> | undefined {
  const data = body.data;
  return typeof data === 'object' && data !== null && !Array.isArray(data) ? data as Record<string, unknown> : undefined;
}

function checkMetadataSize(metadata: Record<string, unknown>): void {
  if (Buffer.byteLength(JSON.stringify(metadata)) > MAX_METADATA_BYTES) throw authFailures.metadataTooLarge('user_metadata', MAX_METADATA_BYTES);
}

/** user_metadata after PUT /user's merge (accounts.ts updateAccount: a null removes its key). */
function mergedMetadata(current: Record<string, unknown>, data: Record<string, unknown>): Record<string, unknown> {
  const merged = { ...current, ...data };
  for (const [key, value] of Object.entries(data)) if (value === null) delete merged[key];
  return merged;
}

export function registerAuthRoutes(
  app: FastifyInstance, { db: database, keys, accountStore, settings, failedPasswordStore = null, onRequest }: AuthRouteOptions,
): void {
  const secret = new TextEncoder().encode(keys.jwtSecret);
  // Where the accounts are not here, every use of this one refuses: each route checks its request
  // as ever (a malformed one keeps its own 4xx), then answers 422 where it would touch an account.
  const db = accountDatabase(database, accountStore);
  const unknownEmailHash = unmatchableHash(settings.passwordHashCost);
  const guesses = failedPasswords(settings.failedPasswords, failedPasswordStore);

  /** The password checked against the account's hash, counted against the account's failed passwords. */
  async function passwordMatches(email: string, password: string, encryptedPassword: string | undefined): Promise<boolean> {
    await guesses.attempt(email);
    // An unknown email is checked against a dummy hash: the same work, the same answer.
    const valid = await verifyPassword(password, encryptedPassword ?? unknownEmailHash);
    if (valid && encryptedPassword !== undefined) await guesses.forgive(email);
    return valid && encryptedPassword !== undefined;
  }

  async function session(account: Account, issued: IssuedToken) {
    const { token, expiresAt } = await signAccessToken(
      keys.jwtSecret,
      { sub: account.id, email: account.email, sessionId: issued.sessionId, appMetadata: account.appMetadata, userMetadata: account.userMetadata },
      settings.accessTokenSeconds,
    );
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: settings.accessTokenSeconds,
      expires_at: expiresAt,
      refresh_token: issued.refreshToken,
      user: userJson(account),
    };
  }

  /** The caller of /user and /logout, from their access token, checked as Supabase Auth checks it. */
  async function signedInUser(request: FastifyRequest): Promise<SignedInUser> {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
    if (token === undefined) throw authFailures.noAuthorization();
    let claims: Record<string, unknown>;
    try {
      claims = await verifyJwt(token, secret);
    } catch (err) {
      throw err instanceof ServiceError ? authFailures.badJwt(err.message) : err;
    }
    if (typeof claims.sub !== 'string' || claims.sub === '') throw authFailures.missingSub();
    if (!isUuid(claims.sub)) throw authFailures.subNotUuid();
    const userId = claims.sub.toLowerCase();
    const sessionId = typeof claims.session_id === 'string' && isUuid(claims.session_id) ? claims.session_id : null;
    if (sessionId === null) return { userId, sessionId, signedInAt: null };
    const signedInAt = await liveSessionStart(db, sessionId, userId);
    if (signedInAt === null) throw authFailures.sessionNotFound();
    return { userId, sessionId, signedInAt };
  }

  /**
   * A stolen access token must not take the account for good: a new password or email needs the
   * current password or a sign-in within the last few minutes (docs/supabase-compat.md). A current
   * password that is sent is always checked.
   */
  async function checkReauthentication(user: SignedInUser, account: Account, body: Record<string, unknown>): Promise<void> {
    const current = text(body.current_password);
    if (current !== '') {
      if (!(await passwordMatches(account.email, current, account.encryptedPassword))) throw authFailures.currentPasswordInvalid();
      return;
    }
    const recent = user.signedInAt !== null && Date.now() - user.signedInAt.getTime() <= settings.recentSignInSeconds * 1000;
    if (!recent) throw authFailures.currentPasswordRequired();
  }

  app.post('/auth/v1/signup', { onRequest: onRequest.credentials }, async (request) => {
    const { email, password } = credentials(request);
    if (email === '') throw authFailures.signupNeedsEmail();
    if (!isValidEmail(email)) throw authFailures.invalidEmail();
    if (password === '') throw authFailures.signupNeedsPassword();
    checkPasswordStrength(password);
    const metadata = metadataOf(jsonObject(request)) ?? {};
    checkMetadataSize(metadata);
    const encrypted = await hashPassword(password, settings.passwordHashCost);
    const { account, issued } = await db.transaction(async (tx) => {
      const created = await createAccount(tx, email, encrypted, metadata);
      if (!created) throw authFailures.userAlreadyExists();
      return { account: created, issued: await startSession(tx, created.id) };
    });
    return session(account, issued);
  });

  app.post<{ Querystring: { grant_type?: string } }>('/auth/v1/token', { onRequest: onRequest.credentials }, async (request) => {
    const grant = request.query.grant_type;
    if (grant === 'password') {
      const { email, password } = credentials(request);
      if (email === '') throw authFailures.missingLogin();
      const account = await findAccountByEmail(db, email);
      const valid = await passwordMatches(email, password, account?.encryptedPassword);
      if (!account || !valid) throw authFailures.invalidCredentials();
      const signedIn = await db.transaction(async (tx) => ({
        account: await recordSignIn(tx, account.id),
        issued: await startSession(tx, account.id),
      }));
      return session(signedIn.account, signedIn.issued);
    }
    if (grant === 'refresh_token') {
      const refreshToken = text(jsonObject(request).refresh_token);
      if (refreshToken === '') throw authFailures.refreshTokenRequired();
      const issued = await rotateRefreshToken(db, refreshToken, settings.refreshReuseSeconds);
      const account = await findAccountById(db, issued.userId);
      if (!account) throw authFailures.refreshTokenNotFound();
      return session(account, issued);
    }
    throw authFailures.unsupportedGrantType();
  });

  app.post<{ Querystring: { scope?: string } }>('/auth/v1/logout', { onRequest: onRequest.signedIn }, async (request, reply) => {
    const user = await signedInUser(request);
    const scope = request.query.scope ?? 'global';
    if (!LOGOUT_SCOPES.has(scope as LogoutScope)) throw authFailures.unsupportedLogoutScope(scope);
    await endSessions(db, user.userId, user.sessionId, scope as LogoutScope);
    return reply.code(204).send();
  });

  app.get('/auth/v1/user', { onRequest: onRequest.signedIn }, async (request) => {
    const { userId } = await signedInUser(request);
    const account = await findAccountById(db, userId);
    if (!account) throw authFailures.userNotFound();
    return userJson(account);
  });

  // supabase-js's updateUser. Checked in Supabase Auth's order (UserUpdate in user.go): the email's
  // form, the password's strength, app_metadata, the email's owner, then the same password.
  app.put('/auth/v1/user', { onRequest: onRequest.signedIn }, async (request) => {
    const user = await signedInUser(request);
    const body = jsonObject(request);
    const email = typeof body.email === 'string' && body.email !== '' ? normalizeEmail(body.email) : undefined;
    if (email !== undefined && !isValidEmail(email)) throw authFailures.invalidEmail();
    const password = typeof body.password === 'string' ? body.password : undefined;
    if (password !== undefined) checkPasswordStrength(password);
    if (body.app_metadata !== undefined && body.app_metadata !== null) throw authFailures.notAdmin();
    const account = await findAccountById(db, user.userId);
    if (!account) throw authFailures.userNotFound();
    if (email !== undefined && email !== account.email && (await findAccountByEmail(db, email))) throw authFailures.emailExists();
    const data = metadataOf(body);
    if (data !== undefined) checkMetadataSize(mergedMetadata(account.userMetadata, data));
    const changes: AccountChanges = { userMetadata: data };
    if (email !== undefined && email !== account.email) changes.email = email;
    if (password !== undefined || changes.email !== undefined) await checkReauthentication(user, account, body);
    if (password !== undefined) {
      if (await verifyPassword(password, account.encryptedPassword)) throw authFailures.samePassword();
      changes.encryptedPassword = await hashPassword(password, settings.passwordHashCost);
    }
    const updated = await db.transaction(async (tx) => {
      const changed = await updateAccount(tx, user.userId, changes);
      if (!changed) throw authFailures.emailExists();
      // A new password signs every other session out, as Supabase Auth's UpdatePassword does.
      if (changes.encryptedPassword !== undefined) await endSessions(tx, user.userId, user.sessionId, 'others');
      return changed;
    });
    return userJson(updated);
  });

  // Neither needs a user, only the apikey; both are constants, so no limit counts them.
  const settingsAnswer = authSettings(accountStore);
  app.get('/auth/v1/settings', async () => settingsAnswer);
  app.get('/auth/v1/health', async () => AUTH_HEALTH);
}
