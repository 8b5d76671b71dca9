// Rows cut into insert requests the service accepts. Apart from backup.ts, which loads zod, because
// `client import` batches rows too, and the CLI's reads and updates by ids batch their ids.

/**
 * Rows in insert batches of at most `size` rows and, when given, at most `maxBytes` of JSON body, so an
 * import stays inside the service's limits on rows and body size per request (notes can be long).
 * A single row larger than maxBytes still gets a batch of its own: the service names the problem.
 */
export function chunk<T>(rows: readonly T[], size: number, { maxBytes = Infinity }: { maxBytes?: number } = {}): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`a batch holds at least one row; got size ${size}`);
  const batches: T[][] = [];
  let batch: T[] = [];
  let bytes = 2; // the brackets of the JSON array
  for (const row of rows) {
    // Sized only under a byte limit: batches of ids, or rows read back, need no JSON of each row.
    const rowBytes = maxBytes === Infinity ? 0 : Buffer.byteLength(JSON.stringify(row), 'utf8') + 1; // and its comma
    if (batch.length > 0 && (batch.length === size || bytes + rowBytes > maxBytes)) {
      batches.push(batch);
      batch = [];
      bytes = 2;
    }
    batch.push(row);
    bytes += rowBytes;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}
