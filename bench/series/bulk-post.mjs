// The baseline of bench/series: what booking 52 weekly appointments costs a script with no CLI and no
// checks, one bulk POST of the 52 rows over node:http. run.mjs times it as a process of its own.
//
//   node bench/series/bulk-post.mjs <rest url> <anon key> <token> <client id> <first date> <start> <end>
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';

const [rest, anonKey, token, clientId, firstDate, start, end] = process.argv.slice(2);
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const first = Date.parse(`${firstDate}T00:00:00Z`);
const rows = Array.from({ length: 52 }, (_, week) => ({
  id: randomUUID(), client_id: clientId, date: new Date(first + week * WEEK_MS).toISOString().slice(0, 10), start_time: start, end_time: end,
}));

await new Promise((resolve, reject) => {
  const body = JSON.stringify(rows);
  request(`${rest}/appointments`, {
    method: 'POST',
    headers: { apikey: anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json', prefer: 'return=representation' },
  }, (response) => {
    const chunks = [];
    response.on('data', (chunk) => chunks.push(chunk));
    response.on('end', () => (response.statusCode === 201 ? resolve() : reject(new Error(`HTTP ${response.statusCode}: ${Buffer.concat(chunks)}`))));
  }).on('error', reject).end(body);
});
