// Sends an import's batches: each a bulk upsert that skips rows whose id the practice already has, so
// a re-run (or a run after a killed one) adds only what is missing; paced to stay under the write limit.
import type { ApiClient } from '../../core/api-client.js';
import { rateLimitResetMs } from '../../core/retry.js';
import { InvalidArgumentError } from 'commander';
import { chunk } from '../../formats/insert-batches.js';
import { BODY_LIMIT_BYTES, INSERT_ROWS_LIMIT } from '../../server/http/limits.js';
import type { Progress } from './import-progress.js';

export interface SendOptions {
  /** Rows per request at most (the body limit may make a batch smaller). */
  batchSize: number;
  progress: Progress;
  /** Says why the import pauses (stderr). */
  note(line: string): void;
  now(): Date;
}

/** The rows of one table to send, each with its id. */
export interface SendStep {
  table: string;
  rows: readonly { id: string }[];
}

export interface TableResult {
  table: string;
  rows: number;
  added: number;
}

// A pause past the window's end by this much, so the next write lands in the new window.
const PACING_MARGIN_MS = 250;

/** --batch-size: whole rows, within the service's limit. */
export function batchSize(value: string): number {
  const size = Number(value);
  if (!Number.isInteger(size) || size < 1 || size > INSERT_ROWS_LIMIT) throw new InvalidArgumentError(`expected a whole number from 1 to ${INSERT_ROWS_LIMIT}.`);
  return size;
}

export async function sendSteps(api: ApiClient, steps: readonly SendStep[], options: SendOptions): Promise<TableResult[]> {
  const batches = steps.flatMap((step) => chunk<object>(step.rows, options.batchSize, { maxBytes: BODY_LIMIT_BYTES }).map((rows) => ({ table: step.table, rows })));
  const added = new Map<string, number>();
  const total = batches.reduce((sum, batch) => sum + batch.rows.length, 0);
  let sent = 0;
  for (const [index, batch] of batches.entries()) {
    const response = await api.request({
      method: 'POST',
      path: `/rest/v1/${batch.table}`,
      query: 'select=id',
      body: batch.rows,
      // Only the rows inserted come back, which is how the counts tell new rows from ones already there.
      headers: { prefer: 'resolution=ignore-duplicates,return=representation' },
      // Every row carries its id, so sending a batch twice adds nothing.
      idempotent: true,
    }).catch((error: unknown) => {
      options.progress.clear();
      if (sent > 0) options.note(`${sent} of ${total} rows were sent before this failed; they stay, and running the same import again adds only the rest.`);
      throw error;
    });
    sent += batch.rows.length;
    added.set(batch.table, (added.get(batch.table) ?? 0) + (response.json<unknown[]>()?.length ?? 0));
    options.progress.advance(batch.rows.length, batch.table);
    if (index < batches.length - 1) await paceAfter(response.headers, options);
  }
  return steps.map((step) => ({ table: step.table, rows: step.rows.length, added: added.get(step.table) ?? 0 }));
}

/**
 * When the server says this window's writes are used up, waits for the next window before sending
 * more. The HTTP core would also wait, but only up to --max-wait, and a large import into a limit of
 * 30 writes a minute needs minutes: waiting here, without a bound, never provokes a 429.
 */
async function paceAfter(headers: Record<string, string | undefined>, options: SendOptions): Promise<void> {
  const remaining = headers['ratelimit-remaining'] ?? headers['x-ratelimit-remaining'];
  if (remaining?.trim() !== '0') return;
  const reset = rateLimitResetMs(headers['ratelimit-reset'] ?? headers['x-ratelimit-reset'], options.now());
  if (reset === null) return;
  options.progress.clear();
  options.note(`The write limit of the server is used up for this minute; waiting ${Math.ceil(reset / 1000)} s…`);
  await new Promise((resolve) => setTimeout(resolve, reset + PACING_MARGIN_MS));
}
