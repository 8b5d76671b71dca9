// Sessions and their refresh tokens: every refresh rotates the token; a rotated token used again
// within the grace interval gets a fresh one, after it the whole family is revoked (token theft).
import { createHash, randomBytes } from 'node:crypto';
import type { Database, OwnerTransaction } from '../db/database.js';
import { authFailures } from '../errors.js';

/** Supabase's default refresh-token reuse interval (GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL). */
export const DEFAULT_REFRESH_REUSE_SECONDS = 10;

export interface IssuedToken {
  userId: string;
  sessionId: string;
  refreshToken: string;
}

export type LogoutScope = 'global' | 'local' | 'others';

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** 32 random bytes; only their digest is stored. */
async function issue(tx: OwnerTransaction, sessionId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.query('insert into auth.refresh_tokens (token_hash, session_id) values ($1, $2)', [digest(token), sessionId]);
  return token;
}

export async function startSession(tx: OwnerTransaction, userId: string): Promise<IssuedToken> {
  const [session] = await tx.query<{ id: string }>('insert into auth.sessions (user_id) values ($1) returning id', [userId]);
  const sessionId = session!.id;
  return { userId, sessionId, refreshToken: await issue(tx, sessionId) };
}

interface PresentedToken {
  id: string;
  session_id: string;
  user_id: string;
  rotated: boolean;
  in_grace: boolean;
  family_revoked: boolean;
}

// The rows are locked, so two refreshes of one token (two tabs, two server instances) take turns:
// the second sees the token rotated, within the grace interval, and gets a sibling token.
const PRESENTED = `
  select t.id, t.session_id, s.user_id, t.revoked_at is not null as rotated,
         coalesce(t.revoked_at > now() - make_interval(secs => $2), false) as in_grace,
         s.revoked_at is not null as family_revoked
  from auth.refresh_tokens t join auth.sessions s on s.id = t.session_id
  where t.token_hash = $1
  for update of t, s`;

type Rotation = { issued: IssuedToken } | { refused: Error };

async function rotate(tx: OwnerTransaction, refreshToken: string, reuseSeconds: number): Promise<Rotation> {
  const [presented] = await tx.query<PresentedToken>(PRESENTED, [digest(refreshToken), reuseSeconds]);
  if (!presented) return { refused: authFailures.refreshTokenNotFound() };
  if (presented.family_revoked) return { refused: authFailures.refreshTokenAlreadyUsed() };
  if (presented.rotated && !presented.in_grace) {
    // Someone holds a token that was already exchanged: assume it was stolen and end the family,
    // so neither the thief nor the victim can go on refreshing (the victim signs in again).
    await tx.query('update auth.sessions set revoked_at = now() where id = $1', [presented.session_id]);
    return { refused: authFailures.refreshTokenAlreadyUsed() };
  }
  if (!presented.rotated) {
    await tx.query('update auth.refresh_tokens set revoked_at = now() where id = $1', [presented.id]);
  }
  await tx.query('update auth.sessions set refreshed_at = now() where id = $1', [presented.session_id]);
  const token = await issue(tx, presented.session_id);
  return { issued: { userId: presented.user_id, sessionId: presented.session_id, refreshToken: token } };
}

/** The refresh_token grant; a refusal is thrown after the transaction commits (a revocation must stick). */
export async function rotateRefreshToken(db: Database, refreshToken: string, reuseSeconds: number): Promise<IssuedToken> {
  const rotation = await db.transaction((tx) => rotate(tx, refreshToken, reuseSeconds));
  if ('refused' in rotation) throw rotation.refused;
  return rotation.issued;
}

/** When an access token's session signed in, or null when it is signed out or revoked. */
export async function liveSessionStart(db: Database, sessionId: string, userId: string): Promise<Date | null> {
  const [row] = await db.query<{ created_at: Date | string }>(
    'select created_at from auth.sessions where id = $1 and user_id = $2 and revoked_at is null',
    [sessionId, userId],
  );
  return row ? new Date(row.created_at) : null;
}

/** Signing out deletes sessions, and with them their refresh tokens, as Supabase Auth does. */
export async function endSessions(db: Pick<OwnerTransaction, 'query'>, userId: string, sessionId: string | null, scope: LogoutScope): Promise<void> {
  if (sessionId === null || scope === 'global') {
    await db.query('delete from auth.sessions where user_id = $1', [userId]);
  } else if (scope === 'local') {
    await db.query('delete from auth.sessions where id = $1 and user_id = $2', [sessionId, userId]);
  } else {
    await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId]);
  }
}
