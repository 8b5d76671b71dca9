// What --verbose may show of a request or response: everything but credentials. Secret headers,
// query parameters and JSON fields are replaced by [redacted] before a line is written.
const SECRET_HEADERS = new Set(['apikey', 'authorization', 'cookie', 'set-cookie', 'x-api-key', 'proxy-authorization']);
const SECRET_NAME = /token|password|secret|apikey|api_key|^key$/i;
const REDACTED = '[redacted]';
const MAX_BODY_CHARS = 4000;

export function redactHeader(name: string, value: string): string {
  return SECRET_HEADERS.has(name.toLowerCase()) ? REDACTED : value;
}

export function redactUrl(url: URL): string {
  const secrets = [...url.searchParams.keys()].filter((name) => SECRET_NAME.test(name));
  // Rewriting re-encodes the query, so one without secrets is shown exactly as sent.
  if (secrets.length === 0) return url.href;
  const copy = new URL(url);
  for (const name of secrets) copy.searchParams.set(name, REDACTED);
  return copy.href;
}

function redactValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactValue);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) =>
    [key, SECRET_NAME.test(key) && item !== null ? REDACTED : redactValue(item)]));
}

/** A body for the log: JSON with secret fields redacted, other text as is, both cut at 4000 characters. */
export function redactBody(body: string): string {
  let shown = body;
  try {
    shown = JSON.stringify(redactValue(JSON.parse(body)));
  } catch {
    // not JSON: shown as sent
  }
  return shown.length > MAX_BODY_CHARS ? `${shown.slice(0, MAX_BODY_CHARS)}… (${shown.length} characters)` : shown;
}
