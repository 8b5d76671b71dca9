// Limits on bad input (DESIGN.md section 4): body size (413), URL length (414), JSON depth and rows
// per bulk insert (400), each answered at once with the standard body, never a 500.
import { request as httpRequest } from 'node:http';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES, INSERT_ROWS_LIMIT, JSON_DEPTH_LIMIT, URL_LIMIT_BYTES } from '../../src/server/http/limits.js';
import { call, startTestServer, type Answer } from '../helpers/server.js';

const server = await startTestServer();
const t = await server.therapist();
afterAll(() => server.close());

// Not a speed measurement (bench/ does those): a bound only a stalled event loop, or a refusal that
// reads, parses and queries the whole input, would exceed; far above what a loaded 2-core machine needs.
const PROMPT_MS = 5000;

async function timed(send: () => Promise<Answer>): Promise<Answer & { ms: number }> {
  const started = performance.now();
  const answer = await send();
  return { ...answer, ms: performance.now() - started };
}

function expectRefusal(reply: Answer & { ms: number }, status: number, code: string) {
  expect(reply.status, reply.text).toBe(status);
  expect(reply.headers.get('content-type')).toMatch(/^application\/json; charset=utf-8/);
  expect(Object.keys(reply.body).sort()).toEqual(['code', 'details', 'hint', 'message']);
  expect(reply.body.code).toBe(code);
  expect(reply.ms).toBeLessThan(PROMPT_MS);
}

const post = (path: string, body: string | Uint8Array, headers: Record<string, string> = t.headers) =>
  timed(() => call(`${server.url}${path}`, { method: 'POST', headers, body }));

/** A raw HTTP/1.1 request, for heads fetch would refuse to send or would rewrite. */
function rawGet(path: string): Promise<Answer & { ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: new URL(server.url).port, path, headers: { apikey: server.keys.anonKey } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        const headers = new Headers(Object.entries(res.headers).map(([k, v]) => [k, String(v)]));
        resolve({ status: res.statusCode!, headers, body: JSON.parse(text), text, ms: performance.now() - started });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('body size', () => {
  it(`refuses a body over ${BODY_LIMIT_BYTES} bytes with 413 payload_too_large, on both APIs`, async () => {
    const big = JSON.stringify({ name: 'x'.repeat(BODY_LIMIT_BYTES) });
    expectRefusal(await post('/rest/v1/clients', big), 413, 'payload_too_large');
    expectRefusal(await post('/auth/v1/signup', big, { apikey: server.keys.anonKey, 'content-type': 'application/json' }), 413, 'payload_too_large');
  });

  it('refuses a streamed body without Content-Length once it passes the limit', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > 4 * BODY_LIMIT_BYTES) controller.close();
        else {
          sent += chunk.length;
          controller.enqueue(chunk);
        }
      },
    });
    const reply = await timed(() =>
      call(`${server.rest}/clients`, { method: 'POST', headers: t.headers, body, duplex: 'half' } as RequestInit),
    );
    expectRefusal(reply, 413, 'payload_too_large');
  });

  it('reads a body of just under the limit', async () => {
    const notes = 'x'.repeat(BODY_LIMIT_BYTES - 100);
    const reply = await post('/rest/v1/clients', JSON.stringify({ name: 'Big notes', notes }));
    expect(reply.status, reply.text).toBe(201);
  });
});

describe('URL length', () => {
  it(`refuses a URL over ${URL_LIMIT_BYTES} bytes with 414 uri_too_long`, async () => {
    const filter = `name=eq.${'x'.repeat(URL_LIMIT_BYTES)}`;
    expectRefusal(await timed(() => call(`${server.rest}/clients?${filter}`, { headers: t.headers })), 414, 'uri_too_long');
    expectRefusal(await timed(() => call(`${server.auth}/user?${filter}`, { headers: t.headers })), 414, 'uri_too_long');
  });

  it('answers 414 with JSON, not Node\'s bare 431, for URLs far past Node\'s 16 KiB head limit', async () => {
    expectRefusal(await rawGet(`/rest/v1/clients?name=eq.${'x'.repeat(512 * 1024)}`), 414, 'uri_too_long');
  });

  it('answers a head past even the raised limit with a JSON 431', async () => {
    const reply = await rawGet(`/rest/v1/clients?name=eq.${'x'.repeat(2 * 1024 * 1024)}`);
    expectRefusal(reply, 431, 'request_header_fields_too_large');
  });

  it('serves an in.() list of 1000 quoted uuids, the most the query parser takes', async () => {
    const ids = Array.from({ length: 1000 }, () => `"${randomUUID()}"`).join(',');
    const url = `${server.rest}/clients?select=id&id=in.(${encodeURIComponent(ids)})`;
    expect(url.length).toBeGreaterThan(40_000);
    const reply = await call(url, { headers: t.headers });
    expect(reply.status, reply.text.slice(0, 300)).toBe(200);
    expect(reply.body).toEqual([]);
  });
});

describe('JSON depth', () => {
  const nested = (depth: number) => `${'['.repeat(depth - 1)}{"name":"x"}${']'.repeat(depth - 1)}`;

  it(`refuses nesting deeper than ${JSON_DEPTH_LIMIT} with 400 json_too_deep, on both APIs`, async () => {
    expectRefusal(await post('/rest/v1/clients', nested(JSON_DEPTH_LIMIT + 1)), 400, 'json_too_deep');
    const auth = await post('/auth/v1/signup', `{"email":${nested(JSON_DEPTH_LIMIT + 1)}}`, { apikey: server.keys.anonKey });
    expectRefusal(auth, 400, 'json_too_deep');
  });

  it('refuses a megabyte of open brackets in milliseconds', async () => {
    expectRefusal(await post('/rest/v1/clients', '['.repeat(BODY_LIMIT_BYTES - 1)), 400, 'json_too_deep');
    expectRefusal(await post('/rest/v1/clients', '{"a":'.repeat(Math.floor(BODY_LIMIT_BYTES / 5) - 1)), 400, 'json_too_deep');
  });

  it('counts brackets inside strings as text', async () => {
    const reply = await post('/rest/v1/clients', JSON.stringify({ name: '[['.repeat(1000), notes: '{"\\"[' }));
    expect(reply.status, reply.text).toBe(201);
  });

  it(`passes nesting of exactly ${JSON_DEPTH_LIMIT} on to the pipeline`, async () => {
    const reply = await post('/rest/v1/clients', nested(JSON_DEPTH_LIMIT));
    expect(reply.status).toBe(400);
    expect(reply.body.code).not.toBe('json_too_deep');
  });
});

describe('rows per bulk insert', () => {
  const rows = (count: number) =>
    JSON.stringify(Array.from({ length: count }, (_, i) => ({ date: '2025-01-01', amount: i + 1, category: 'supplies' })));

  it(`refuses ${INSERT_ROWS_LIMIT + 1} rows with 400 too_many_rows, inserting none`, async () => {
    const reply = await post('/rest/v1/expenses', rows(INSERT_ROWS_LIMIT + 1));
    expectRefusal(reply, 400, 'too_many_rows');
    expect(reply.body.hint).toBe(`Split the rows into batches of at most ${INSERT_ROWS_LIMIT}.`);
    const count = await call(`${server.rest}/expenses?select=id`, { headers: { ...t.headers, prefer: 'count=exact' } });
    expect(count.headers.get('content-range')).toBe('*/0');
  });

  it(`inserts ${INSERT_ROWS_LIMIT} rows in one request`, async () => {
    const reply = await post('/rest/v1/expenses', rows(INSERT_ROWS_LIMIT));
    expect(reply.status, reply.text).toBe(201);
  });
});

describe('the event loop', () => {
  it('keeps answering other requests while refusing a flood of oversized input', async () => {
    const flood = Array.from({ length: 20 }, () => post('/rest/v1/clients', '['.repeat(BODY_LIMIT_BYTES - 1)));
    const probe = await timed(() => call(`${server.rest}/clients?select=id&limit=1`, { headers: t.headers }));
    expect(probe.status).toBe(200);
    for (const reply of await Promise.all(flood)) expect(reply.status).toBe(400);
    expect(probe.ms).toBeLessThan(PROMPT_MS);
  });
});
