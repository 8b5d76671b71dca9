// `client show`'s "last accessed": the newest audit row about a client (a change, a read of their
// notes, an export or erasure: migration 15's audit_log, by its index on client), read before the
// show's own read of notes, which is recorded too and would otherwise always be the answer.
import type { ApiClient } from '../../core/api-client.js';
import { ApiError } from '../../core/api-error.js';
import { query } from '../../core/query-builder.js';
import { wallClockAt } from '../../model/time-zone.js';

/** The newest audit row about a client, as much of it as the line shows (audit_log, migration 15). */
interface LastAccess {
  at: string;
  via: string;
  action: string;
  table_name: string;
  actor: string | null;
}

export type WithLastAccess<T> = T & { last_accessed: LastAccess | null };

/** `read()`'s client with `last_accessed` (null when the trail names none), asked before `read` runs. */
export async function withLastAccessed<T extends object>(api: ApiClient, clientId: string, read: () => Promise<T | undefined>): Promise<WithLastAccess<T> | undefined> {
  const [last] = await api.select<LastAccess>('audit_log',
    query<LastAccess & { client_id: string; id: number }>().select(['at', 'via', 'action', 'table_name', 'actor']).eq('client_id', clientId).order('id', 'desc').limit(1))
    // A backend from before the audit trail (migration 15) has no audit_log: nothing recorded.
    .catch((err: unknown) => {
      if (err instanceof ApiError && err.status === 404) return [];
      throw err;
    });
  const client = await read();
  return client && { ...client, last_accessed: last ?? null };
}

/** `last accessed: 2026-11-27 10:14 via mcp (read of sessions)`, on the practice's clock. */
export function lastAccessedLine(last: LastAccess | null, timeZone: string): string {
  if (last === null) return 'last accessed: never recorded';
  const { date, time } = wallClockAt(new Date(last.at), timeZone);
  return `last accessed: ${date} ${time} via ${last.via} (${last.action} of ${last.table_name})`;
}
