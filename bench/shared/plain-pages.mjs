// Paged REST reads as a script with no CLI would make them, for the baselines of the benchmarks that
// time a read of many rows: Range pages over node:http with keep-alive, the bodies parsed.
import { Agent, request } from 'node:http';

/** A reader of `rest` (…/rest/v1) as the account of `token`; close() ends its connections. */
export function plainReader(rest, anonKey, token) {
  const agent = new Agent({ keepAlive: true });
  const headers = { apikey: anonKey, authorization: `Bearer ${token}`, accept: 'application/json' };

  function get(path, range, count) {
    return new Promise((resolve, reject) => {
      const extra = count ? { range, prefer: 'count=exact' } : { range };
      request(`${rest}${path}`, { agent, headers: { ...headers, ...extra } }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          if (response.statusCode >= 300) return reject(new Error(`${path}: HTTP ${response.statusCode}`));
          const total = /\/(\d+)$/.exec(response.headers['content-range'] ?? '');
          resolve({ rows: JSON.parse(Buffer.concat(chunks).toString('utf8')), total: total ? Number(total[1]) : null });
        });
      }).on('error', reject).end();
    });
  }

  /** Every row of `path`: the first page with the count, then the rest four at a time, as the CLI reads. */
  async function readAll(path) {
    const first = await get(path, '0-', true);
    const rows = [...first.rows];
    const size = first.rows.length;
    const offsets = [];
    for (let offset = size; size > 0 && offset < first.total; offset += size) offsets.push(offset);
    const pages = new Array(offsets.length);
    let next = 0;
    await Promise.all(Array.from({ length: Math.min(4, offsets.length) }, async () => {
      while (next < offsets.length) {
        const index = next++;
        pages[index] = await get(path, `${offsets[index]}-${offsets[index] + size - 1}`, false);
      }
    }));
    for (const page of pages) rows.push(...page.rows);
    return rows;
  }

  return { readAll, close: () => agent.destroy() };
}
