// One error type for every failed response: PostgREST's body, the gateway's, the three shapes of
// Supabase Auth, and whatever a proxy sends (PROTOCOL.md sections 4, 6, 7), read into status/code/message/hint.
import { CoreError } from './errors.js';

// Codes that mean "not signed in, or the token was refused", whatever the status.
const AUTH_CODES = new Set([
  'PGRST301', 'PGRST302', 'PGRST303', 'bad_jwt', 'no_authorization', 'session_not_found', 'session_expired',
  'refresh_token_not_found', 'refresh_token_already_used', 'invalid_credentials', 'user_not_found',
]);

// Advice that needs no command or flag name; the CLI adds its own for 401, 403, 404, 429 and a body
// that is not JSON.
const DEFAULT_HINTS: Record<number, string> = {
  413: 'Send less at once.',
  502: 'The server or a proxy in front of it is unavailable; try again shortly.',
  503: 'The server or a proxy in front of it is unavailable; try again shortly.',
  504: 'The server or a proxy in front of it timed out; try again shortly.',
};

export class ApiError extends CoreError {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
    readonly details: string | null,
    hint: string | null,
    /** The body was text or HTML, not JSON: a proxy's page, or a URL that is not a practice project. */
    readonly notJson = false,
  ) {
    super(message, hint);
  }

  /** The server refused the credentials (or there were none): signing in again is the way out. */
  get credentialsRefused(): boolean {
    return this.status === 401 || (this.code !== null && AUTH_CODES.has(this.code));
  }
}

type Json = Record<string, unknown>;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;

/** `WWW-Authenticate: Bearer error="invalid_token", error_description="JWT expired"` -> the description. */
function bearerChallenge(header: string | undefined): string | null {
  return header?.match(/error_description="([^"]*)"/)?.[1] ?? null;
}

/** The first line of readable text in a non-JSON body (an HTML error page, a plain-text proxy error). */
function bodySnippet(body: string): string | null {
  const title = body.match(/<title[^>]*>([^<]*)<\/title>/i)?.[1];
  const plain = (title ?? body.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim();
  if (!plain) return null;
  return plain.length > 200 ? `${plain.slice(0, 200)}…` : plain;
}

function weakPasswordReasons(body: Json): string | null {
  const reasons = (body.weak_password as { reasons?: unknown } | undefined)?.reasons;
  return Array.isArray(reasons) && reasons.length > 0 ? `reasons: ${reasons.join(', ')}` : null;
}

/**
 * Reads a failed response. `headers` are lower-cased names. The message says what happened; the
 * hint (the server's when it sent one) says what to do.
 */
export function apiErrorFrom(status: number, statusText: string, headers: Record<string, string | undefined>, body: string): ApiError {
  let parsed: unknown = null;
  try {
    parsed = body ? JSON.parse(body) : null;
  } catch {
    // not JSON: a proxy's page, read below
  }
  const fallbackHint = DEFAULT_HINTS[status] ?? null;
  const headerCode = headers['x-sb-error-code'] ?? null;
  if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
    const json = parsed as Json;
    // PostgREST and the gateway: message/code/details/hint. Auth, newer API: code/message.
    // Auth, older: code (the status), error_code, msg. OAuth-style refresh errors: error/error_description.
    const code = text(json.error_code) ?? (typeof json.code === 'string' ? json.code : null) ?? text(json.error) ?? headerCode;
    const message = text(json.message) ?? text(json.msg) ?? text(json.error_description) ?? text(json.error);
    if (message !== null) {
      const details = text(json.details) ?? weakPasswordReasons(json);
      return new ApiError(status, code, message, details, text(json.hint) ?? fallbackHint);
    }
  }
  const reason = statusText || 'error';
  const snippet = parsed === null ? bodySnippet(body) : null;
  const challenge = bearerChallenge(headers['www-authenticate']);
  const message = challenge ?? `The server answered HTTP ${status} ${reason}${snippet && snippet !== reason ? `: ${snippet}` : ''}`;
  const notJson = parsed === null && body.trim() !== '' && !(headers['content-type'] ?? '').includes('json');
  return new ApiError(status, headerCode, message, null, fallbackHint, notJson);
}
