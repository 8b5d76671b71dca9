// The signed-in user's session: the access token handed to requests, renewed shortly before it
// expires. Renewal happens under the config file's lock, so concurrent processes renew only once.
import type { Credentials } from './api-client.js';
import { ApiError } from './api-error.js';
import { type AuthApi, storedSession } from './auth-api.js';
import type { ConfigStore, StoredProfile, StoredSession } from './config-store.js';
import { NotSignedInError } from './errors.js';

/** A token with less than this left is renewed before use, so it cannot expire in flight. */
const RENEW_MARGIN_SECONDS = 60;

export interface JwtClaims {
  sub?: string;
  exp?: number;
  email?: string;
}

/** The claims of a JWT, read without verifying it (the server verifies; the CLI only wants exp and sub). */
export function jwtClaims(token: string): JwtClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as JwtClaims;
  } catch {
    return null;
  }
}

export function expiresSoon(session: StoredSession, now: Date): boolean {
  return session.expires_at !== null && session.expires_at - now.getTime() / 1000 < RENEW_MARGIN_SECONDS;
}

/** Signs the profile's own account in (or up) when it has no usable session: the local profile's way. */
type SelfSignIn = (profile: StoredProfile, auth: AuthApi) => Promise<StoredSession>;

export interface SessionOptions {
  store: ConfigStore;
  profile: string;
  auth: AuthApi;
  now(): Date;
  /** PRACTICE_TOKEN: used as is, never renewed or stored. */
  envToken: string | null;
  selfSignIn: SelfSignIn | null;
}

export class SessionKeeper implements Credentials {
  private last: StoredSession | null = null;

  constructor(private readonly options: SessionOptions) {}

  get fromEnvironment(): boolean {
    return this.options.envToken !== null;
  }

  /** The stored session as it is, without renewing it (for `auth status` and `auth logout`). */
  async stored(): Promise<StoredSession | null> {
    return (await this.options.store.read()).profiles[this.options.profile]?.session ?? null;
  }

  async accessToken(): Promise<string> {
    if (this.options.envToken) return this.options.envToken;
    const session = await this.stored();
    if (session && !expiresSoon(session, this.options.now())) {
      this.last = session;
      return session.access_token;
    }
    if (!session && !this.options.selfSignIn) {
      throw new NotSignedInError(`Not signed in (profile ${this.options.profile}).`, this.options.profile);
    }
    // Compared by both tokens: a renewal within the same second may issue a byte-identical access token.
    return this.obtain((current) => current.access_token === session?.access_token && current.refresh_token === session.refresh_token);
  }

  async renew(rejected: string): Promise<boolean> {
    if (this.options.envToken) return false;
    return (await this.obtain((current) => current.access_token === rejected)) !== rejected;
  }

  async userId(): Promise<string> {
    const token = await this.accessToken();
    const id = this.options.envToken ? jwtClaims(token)?.sub : this.last?.user.id;
    if (!id) throw new NotSignedInError('The access token names no user (no sub claim).', this.options.profile);
    return id;
  }

  /** Keeps a session a sign-in produced. */
  async save(session: StoredSession, extra: Partial<StoredProfile> = {}): Promise<void> {
    await this.options.store.update((config) => {
      Object.assign((config.profiles[this.options.profile] ??= {}), extra, { session });
    });
    this.last = session;
  }

  async forget(): Promise<void> {
    await this.options.store.update((config) => {
      delete config.profiles[this.options.profile]?.session;
    });
    this.last = null;
  }

  /**
   * A session that is not the one `isStale` recognises: under the lock, a session another process
   * renewed meanwhile is taken as it is; else this process renews it (refresh token, else the
   * profile's own sign-in).
   */
  private async obtain(isStale: (current: StoredSession) => boolean): Promise<string> {
    const { store, profile, now } = this.options;
    const session = await store.update(async (config) => {
      const stored = (config.profiles[profile] ??= {});
      const current = stored.session;
      if (current && !isStale(current) && !expiresSoon(current, now())) return current;
      stored.session = await this.fresh(current ?? null, stored);
      return stored.session;
    });
    this.last = session;
    return session.access_token;
  }

  private async fresh(current: StoredSession | null, stored: StoredProfile): Promise<StoredSession> {
    const { auth, profile, now, selfSignIn } = this.options;
    let ended: string | null = null;
    if (current?.refresh_token) {
      try {
        return storedSession(await auth.refresh(current.refresh_token), now());
      } catch (err) {
        // Only a refusal ends the session; a network failure or a 5xx leaves it for the next try.
        if (!(err instanceof ApiError) || err.status >= 500 || err.status === 429) throw err;
        ended = err.message;
      }
    }
    const ownAccount = current === null || current.user.email === stored.local_account?.email;
    if (selfSignIn && ownAccount) return selfSignIn(stored, auth);
    if (!current) throw new NotSignedInError(`Not signed in (profile ${profile}).`, profile);
    throw new NotSignedInError(
      ended ? `The session of profile ${profile} has ended: ${ended}` : `The session of profile ${profile} has expired and cannot be renewed.`,
      profile,
    );
  }
}
