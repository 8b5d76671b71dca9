// The allowed browser origins as `server start --cors-origins` and PRACTICE_CORS_ORIGINS spell them.
// No imports: the CLI reads it without loading the server.

/** Every origin, as Supabase's gateway and PostgREST allow by default. */
export const ANY_ORIGIN = '*';

/** `a,b` as a list; `*` anywhere, or nothing at all, means every origin. */
export function parseCorsOrigins(value: string): string[] {
  const origins = value.split(',').map((origin) => origin.trim()).filter((origin) => origin !== '');
  return origins.includes(ANY_ORIGIN) || origins.length === 0 ? [ANY_ORIGIN] : origins;
}
