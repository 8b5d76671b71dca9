// The auth endpoints under /auth/v1 (PROTOCOL.md section 6): sign-up, the password and refresh_token
// grants, logout and user. Each call names its token itself; none goes through the session keeper.
import type { ApiClient } from './api-client.js';
import type { StoredSession } from './config-store.js';

export interface AuthUser {
  id: string;
  email?: string | null;
}

export interface AuthSession {
  access_token: string;
  refresh_token: string;
  expires_in?: number;
  /** Unix seconds. */
  expires_at?: number;
  user: AuthUser;
}

const isSession = (value: unknown): value is AuthSession =>
  typeof (value as AuthSession | null)?.access_token === 'string' && typeof (value as AuthSession).user?.id === 'string';

/** The part of a session the config file keeps. */
export function storedSession(session: AuthSession, now: Date): StoredSession {
  const expiresAt = session.expires_at ?? (session.expires_in ? Math.floor(now.getTime() / 1000) + session.expires_in : null);
  return {
    access_token: session.access_token,
    refresh_token: session.refresh_token,
    expires_at: expiresAt,
    user: { id: session.user.id, email: session.user.email ?? null },
  };
}

export class AuthApi {
  constructor(private readonly client: ApiClient) {}

  /** A new account; null when the server wants the email confirmed before the first sign-in. */
  async signUp(email: string, password: string): Promise<AuthSession | null> {
    const response = await this.client.request({ method: 'POST', path: '/auth/v1/signup', body: { email, password }, auth: 'none' });
    const body = response.json<unknown>();
    return isSession(body) ? body : null;
  }

  async signIn(email: string, password: string): Promise<AuthSession> {
    return this.grant('password', { email, password });
  }

  async refresh(refreshToken: string): Promise<AuthSession> {
    return this.grant('refresh_token', { refresh_token: refreshToken });
  }

  /** Ends this session on the server (its refresh token stops working); other devices stay signed in. */
  async logout(accessToken: string): Promise<void> {
    await this.client.request({ method: 'POST', path: '/auth/v1/logout', query: 'scope=local', auth: { bearer: accessToken } });
  }

  async user(accessToken: string): Promise<AuthUser> {
    return (await this.client.request({ method: 'GET', path: '/auth/v1/user', auth: { bearer: accessToken } })).json<AuthUser>();
  }

  private async grant(type: 'password' | 'refresh_token', body: Record<string, string>): Promise<AuthSession> {
    const response = await this.client.request({ method: 'POST', path: '/auth/v1/token', query: `grant_type=${type}`, body, auth: 'none' });
    return response.json<AuthSession>();
  }
}
