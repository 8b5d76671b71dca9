// Minting user access tokens: HS256 with the service's secret and the claims Supabase Auth puts in
// its own (PROTOCOL.md section 6), so the REST layer cannot tell ours from a hosted project's.
import { SignJWT } from 'jose';

export const DEFAULT_TOKEN_SECONDS = 3600;

/** What every email account's app_metadata says until the service sets more. */
const EMAIL_APP_METADATA = { provider: 'email', providers: ['email'] };

export interface AccessTokenClaims {
  sub: string;
  email?: string;
  sessionId?: string;
  appMetadata?: Record<string, unknown>;
  userMetadata?: Record<string, unknown>;
}

export async function signAccessToken(
  jwtSecret: string,
  claims: AccessTokenClaims,
  expiresInSeconds = DEFAULT_TOKEN_SECONDS,
  now = new Date(),
): Promise<{ token: string; expiresAt: number }> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = issuedAt + expiresInSeconds;
  const token = await new SignJWT({
    aud: 'authenticated',
    role: 'authenticated',
    email: claims.email ?? '',
    phone: '',
    app_metadata: claims.appMetadata ?? EMAIL_APP_METADATA,
    user_metadata: claims.userMetadata ?? {},
    session_id: claims.sessionId ?? null,
    aal: 'aal1',
    is_anonymous: false,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('practice')
    .setSubject(claims.sub)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(jwtSecret));
  return { token, expiresAt };
}
