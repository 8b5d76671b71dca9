// Property: any text sent through the query builder's eq, in and ilike reaches the embedded service
// as exactly that text; the rows that come back are exactly the rows that hold it, never more.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/core/api-client.js';
import { HttpTransport } from '../../src/core/http.js';
import { projectUrls } from '../../src/core/project-url.js';
import { query } from '../../src/core/query-builder.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

interface Row {
  id: string;
  name: string;
  notes: string;
}

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

/** A client of a fresh practice, so each run of a property sees only its own rows. */
async function freshPractice(): Promise<ApiClient> {
  const therapist = await server.therapist();
  const api = new ApiClient({
    urls: projectUrls(server.url),
    anonKey: server.keys.anonKey,
    transport: new HttpTransport(),
    now: () => new Date(),
    maxWaitMs: 0,
    log: () => {},
    verbose: false,
  });
  api.useCredentials({ accessToken: async () => therapist.token, renew: async () => false, userId: async () => therapist.id });
  return api;
}

// PostgreSQL text holds no NUL, and a lone surrogate is not Unicode text at all.
const storable = (text: string) => !text.includes('\u0000') && !/\p{Cs}/u.test(text);
const anyText = fc.string({ unit: 'binary', maxLength: 12 }).filter(storable);
// Case folding is compared on ASCII, where PostgreSQL's lower() and JavaScript's agree in any locale.
const asciiText = fc.string({ unit: 'binary-ascii', maxLength: 10 }).filter(storable);

async function store(api: ApiClient, notes: readonly string[]): Promise<Row[]> {
  return api.insert<Row>('clients', notes.map((text) => ({ id: randomUUID(), name: 'P', notes: text })));
}

const ids = (rows: readonly Row[]) => rows.map((row) => row.id).sort();

describe('query builder against the service', () => {
  it('eq returns exactly the rows holding any text', async () => {
    await fc.assert(fc.asyncProperty(fc.array(anyText, { minLength: 1, maxLength: 6 }), fc.nat(), anyText, async (texts, pick, other) => {
      const api = await freshPractice();
      const rows = await store(api, [...texts, other]);
      const needle = texts[pick % texts.length]!;
      const found = await api.select<Row>('clients', query<Row>().eq('notes', needle).select(['id']));
      expect(ids(found)).toEqual(ids(rows.filter((row) => row.notes === needle)));
      const others = await api.select<Row>('clients', query<Row>().not.eq('notes', needle).select(['id']));
      expect(ids(others)).toEqual(ids(rows.filter((row) => row.notes !== needle)));
    }), { numRuns: 40 });
  });

  it('in returns exactly the rows holding any of the texts', async () => {
    await fc.assert(fc.asyncProperty(fc.array(anyText, { minLength: 1, maxLength: 6 }), fc.array(anyText, { maxLength: 4 }), async (texts, extra) => {
      const api = await freshPractice();
      const rows = await store(api, texts);
      const wanted = [...texts.filter((_, i) => i % 2 === 0), ...extra];
      const found = await api.select<Row>('clients', query<Row>().in('notes', wanted).select(['id']));
      expect(ids(found)).toEqual(ids(rows.filter((row) => wanted.includes(row.notes))));
    }), { numRuns: 40 });
  });

  it('ilike returns exactly the rows containing the text, ignoring case', async () => {
    const variants = fc.array(asciiText, { minLength: 1, maxLength: 6 });
    await fc.assert(fc.asyncProperty(variants, fc.nat(), fc.nat(), fc.nat(), async (texts, pick, start, length) => {
      const api = await freshPractice();
      // Some rows in other cases, so case-insensitivity is exercised.
      const stored = texts.flatMap((text, i) => (i % 2 === 0 ? [text, text.toUpperCase()] : [text]));
      const rows = await store(api, stored);
      const source = texts[pick % texts.length]!;
      const from = source.length === 0 ? 0 : start % source.length;
      const needle = source.slice(from, from + (length % 5));
      const found = await api.select<Row>('clients', query<Row>().ilike('notes', needle).select(['id']));
      expect(ids(found)).toEqual(ids(rows.filter((row) => row.notes.toLowerCase().includes(needle.toLowerCase()))));
    }), { numRuns: 40 });
  });

  it('ilike matches exactly, at the start and at the end, with wildcard characters taken literally', async () => {
    const api = await freshPractice();
    const texts = ['50%', '50x', '5_0', '5a0', 'a*b', 'aXb', 'a\\b', 'A*B', '*', ''];
    const rows = await store(api, texts);
    const cases: Array<[string, 'exact' | 'prefix' | 'suffix' | 'contains', (notes: string) => boolean]> = [
      ['50%', 'exact', (n) => n === '50%'],
      ['5_', 'prefix', (n) => n.startsWith('5_')],
      ['*b', 'suffix', (n) => n.toLowerCase().endsWith('*b')],
      ['a*b', 'exact', (n) => n.toLowerCase() === 'a*b'],
      ['\\', 'contains', (n) => n.includes('\\')],
      ['*', 'contains', (n) => n.includes('*')],
    ];
    for (const [text, match, holds] of cases) {
      const found = await api.select<Row>('clients', query<Row>().ilike('notes', text, match).select(['id']));
      expect(ids(found), `${match} ${text}`).toEqual(ids(rows.filter((row) => holds(row.notes))));
    }
  });
});
