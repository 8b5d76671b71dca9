// The HTTP core over a scripted transport and a fake clock: headers, retries by method and status,
// Retry-After within --max-wait, pacing, token renewal on 401, and idempotent creates.
import { describe, expect, it } from 'vitest';
import { ApiClient, type ClientOptions, type Credentials } from '../../src/core/api-client.js';
import { ApiError } from '../../src/core/api-error.js';
import { BadInputError } from '../../src/core/errors.js';
import { ConnectionError, type HttpRequest, type HttpResponse } from '../../src/core/http.js';
import { projectUrls } from '../../src/core/project-url.js';
import { query } from '../../src/core/query-builder.js';

type Step = HttpResponse | ConnectionError;

function reply(status: number, body: unknown = null, headers: Record<string, string> = {}): HttpResponse {
  const text = body === null ? '' : JSON.stringify(body);
  return { status, statusText: '', headers: { 'content-type': 'application/json', ...headers }, body: Buffer.from(text) };
}

const reset = () => new ConnectionError('broke off', null, true, true);
const refused = () => new ConnectionError('connection refused', null, false, false);

function harness(steps: Step[], options: { maxWaitMs?: number; tokens?: string[]; terminal?: boolean; revive?: ClientOptions['revive'] } = {}) {
  let clock = Date.parse('2025-06-02T10:00:00Z');
  const sent: HttpRequest[] = [];
  const sleeps: number[] = [];
  const log: string[] = [];
  // What a terminal's status line showed, redraw by redraw ('' when cleared).
  const screen: string[] = [];
  const tokens = options.tokens ?? ['token-1'];
  let renewals = 0;
  const credentials: Credentials = {
    accessToken: async () => tokens[Math.min(renewals, tokens.length - 1)]!,
    renew: async () => ++renewals < tokens.length,
    userId: async () => 'user-1',
  };
  const client = new ApiClient({
    urls: projectUrls('http://service.test'),
    anonKey: 'anon-key',
    transport: {
      send: async (request) => {
        sent.push(request);
        const step = steps.shift();
        if (!step) throw new Error('no scripted response left');
        if (step instanceof ConnectionError) throw step;
        return step;
      },
    },
    now: () => new Date(clock),
    maxWaitMs: options.maxWaitMs ?? 30_000,
    log: (line) => log.push(line),
    redraw: options.terminal ? (text) => screen.push(text) : undefined,
    verbose: false,
    sleep: async (ms) => {
      sleeps.push(ms);
      clock += ms;
    },
    random: () => 1,
    revive: options.revive,
  });
  client.useCredentials(credentials);
  return { client, sent, sleeps, log, screen, renewals: () => renewals };
}

describe('requests', () => {
  it('carry apikey, bearer and JSON headers, and the query string as built', async () => {
    const { client, sent } = harness([reply(201, [{ id: 'a' }])]);
    await client.request({ method: 'POST', path: '/rest/v1/clients', query: query().select(['id']), body: { name: 'Ann' } });
    const [request] = sent;
    expect(request!.url.href).toBe('http://service.test/rest/v1/clients?select=id');
    expect(request!.headers).toMatchObject({ apikey: 'anon-key', authorization: 'Bearer token-1', 'content-type': 'application/json', accept: 'application/json' });
    expect(request!.headers['user-agent']).toMatch(/^practice\//);
    expect(request!.body!.toString()).toBe('{"name":"Ann"}');
    // A failure names the server by the profile's URL.
    expect(request!.site).toBe('http://service.test');
  });

  it('send only the apikey for auth calls without a user', async () => {
    const { client, sent } = harness([reply(200, {})]);
    await client.request({ method: 'POST', path: '/auth/v1/token', query: 'grant_type=password', body: {}, auth: 'none' });
    expect(sent[0]!.headers.authorization).toBeUndefined();
  });

  it('throw ApiError for a failed status', async () => {
    const { client } = harness([reply(404, { code: 'PGRST205', message: "Could not find the table 'public.x' in the schema cache", details: null, hint: null })]);
    await expect(client.select('x')).rejects.toMatchObject({ status: 404, code: 'PGRST205' });
  });
});

describe('retries', () => {
  it('retry a GET after 502/503/504 with backoff', async () => {
    const { client, sent, sleeps } = harness([reply(502), reply(503), reply(504), reply(200, [])]);
    expect(await client.select('clients')).toEqual([]);
    expect(sent).toHaveLength(4);
    expect(sleeps).toEqual([250, 500, 1000]);
  });

  it('honour Retry-After on a 429 and say so', async () => {
    const { client, sleeps, log } = harness([reply(429, { message: 'Rate limit exceeded' }, { 'retry-after': '2' }), reply(200, [])]);
    await client.select('clients');
    expect(sleeps).toEqual([2000]);
    expect(log).toEqual(['Rate limited by the server; retrying in 2 s…']);
  });

  it('count the wait down in place on a terminal, each whole second, and clear it', async () => {
    const { client, sleeps, log, screen } = harness([reply(429, { message: 'Rate limit exceeded' }, { 'retry-after': '2.5' }), reply(200, [])], { terminal: true });
    await client.select('clients');
    expect(sleeps).toEqual([500, 1000, 1000]);
    expect(screen).toEqual([3, 2, 1].map((seconds) => `Rate limited by the server; retrying in ${seconds} s…`).concat(''));
    expect(log).toEqual([]);
  });

  it('give up at once when Retry-After is beyond --max-wait, with the server hint', async () => {
    const { client, sleeps } = harness([reply(429, { code: 'over_request_rate_limit', message: 'Rate limit exceeded', hint: 'retry after 40 s' }, { 'retry-after': '40' })], { maxWaitMs: 10_000 });
    await expect(client.select('clients')).rejects.toMatchObject({ status: 429, hint: 'retry after 40 s', credentialsRefused: false });
    expect(sleeps).toEqual([]);
  });

  it('retry any write after a 429, but not after a 503', async () => {
    const first = harness([reply(429, null, { 'retry-after': '1' }), reply(204)]);
    await first.client.request({ method: 'PATCH', path: '/rest/v1/clients', query: 'id=eq.1', body: { name: 'B' } });
    expect(first.sent).toHaveLength(2);
    const second = harness([reply(503)]);
    await expect(second.client.request({ method: 'PATCH', path: '/rest/v1/clients', query: 'id=eq.1', body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(second.sent).toHaveLength(1);
  });

  it('retry a GET whose connection broke, but fail at once on a refused connection', async () => {
    const broke = harness([reset(), reply(200, [])]);
    await broke.client.select('clients');
    expect(broke.sent).toHaveLength(2);
    const down = harness([refused()]);
    await expect(down.client.select('clients')).rejects.toThrow('connection refused');
    expect(down.sent).toHaveLength(1);
  });

  it('start a service that refused the connection again, once, and follow it to its address', async () => {
    const gone = () => new ConnectionError('connection refused', null, false, false, 'refused');
    let revivals = 0;
    const revive = async () => {
      revivals++;
      return { urls: projectUrls('http://moved.test'), anonKey: 'anon-key-2' };
    };
    // A write too: a refused connection sent nothing.
    const back = harness([gone(), reply(201, [{ id: 'c1' }])], { revive });
    expect(await back.client.insert('clients', { name: 'Ann' })).toEqual([{ id: 'c1' }]);
    expect(back.sent.map((request) => [request.url.origin, request.headers.apikey])).toEqual([
      ['http://service.test', 'anon-key'], ['http://moved.test', 'anon-key-2'],
    ]);
    expect(back.client.urls.root).toBe('http://moved.test');
    const still = harness([gone(), gone()], { revive });
    await expect(still.client.select('clients')).rejects.toThrow('connection refused');
    expect(still.sent).toHaveLength(2);
    expect(revivals).toBe(2);
    const notOurs = harness([gone()], { revive: async () => null });
    await expect(notOurs.client.select('clients')).rejects.toThrow('connection refused');
    expect(notOurs.sent).toHaveLength(1);
  });

  it('stop after the attempt limit', async () => {
    const { client, sent } = harness(Array.from({ length: 10 }, () => reply(503)));
    await expect(client.select('clients')).rejects.toMatchObject({ status: 503 });
    expect(sent).toHaveLength(6);
  });

  it('wait for the rate-limit window after the last allowed request', async () => {
    const { client, sleeps, log } = harness([reply(200, [], { 'ratelimit-remaining': '0', 'ratelimit-reset': '5' }), reply(200, [])]);
    await client.select('clients');
    await client.select('clients');
    expect(sleeps).toEqual([5000]);
    // Worded as the wait after a 429 is: one way to say the rate limit holds a request back.
    expect(log).toEqual(['Rate limited by the server; retrying in 5 s…']);
  });
});

describe('creates', () => {
  it('retry a create that carries its ids, reading a 409 on the retry as already applied', async () => {
    const row = { id: '0b0b3f7e-7f0a-4b8e-8f3c-5a0f3e2d1c4b', name: 'Ann' };
    const { client, sent } = harness([reset(), reply(409, { code: '23505', message: 'duplicate key' }), reply(200, [row])]);
    expect(await client.insert('clients', row)).toEqual([row]);
    expect(sent.map((request) => request.method)).toEqual(['POST', 'POST', 'GET']);
    expect(sent[2]!.url.search).toBe(`?id=in.(${row.id})`);
  });

  it('report a 409 on the first try as the conflict it is', async () => {
    const { client } = harness([reply(409, { code: '23505', message: 'duplicate key' })]);
    await expect(client.insert('clients', { id: 'x', name: 'Ann' })).rejects.toMatchObject({ status: 409 });
  });

  it('never retry a create without ids after it may have been applied, and say to check first', async () => {
    const { client, sent } = harness([reset()]);
    const failure = client.insert('clients', { name: 'Ann' });
    await expect(failure).rejects.toBeInstanceOf(ConnectionError);
    await expect(failure).rejects.toMatchObject({ message: 'broke off', hint: expect.stringContaining('check (list or show the record) before running the command again') });
    expect(sent).toHaveLength(1);
  });

  it('refuse an update or delete without a filter, sending nothing', async () => {
    const { client, sent } = harness([]);
    await expect(client.update('clients', query(), { name: 'x' })).rejects.toBeInstanceOf(BadInputError);
    await expect(client.remove('clients', query())).rejects.toBeInstanceOf(BadInputError);
    expect(sent).toHaveLength(0);
  });
});

describe('token renewal', () => {
  it('renews once after a 401 and retries with the new token', async () => {
    const { client, sent } = harness([reply(401, { code: 'PGRST303', message: 'JWT expired' }), reply(200, [])], { tokens: ['old', 'new'] });
    await client.select('clients');
    expect(sent.map((request) => request.headers.authorization)).toEqual(['Bearer old', 'Bearer new']);
  });

  it('does not renew when the gateway refuses the apikey', async () => {
    const { client, sent, renewals } = harness([reply(401, { message: 'Invalid API key', hint: 'Double check your API key.' })], { tokens: ['old', 'new'] });
    await expect(client.select('clients')).rejects.toMatchObject({ status: 401, message: 'Invalid API key', credentialsRefused: true });
    expect(sent).toHaveLength(1);
    expect(renewals()).toBe(0);
  });

  it('exits 4 when the renewed token is refused too', async () => {
    const { client, sent } = harness([reply(401, { code: 'PGRST301', message: 'bad' }), reply(401, { code: 'PGRST301', message: 'bad' })], { tokens: ['old', 'new'] });
    await expect(client.select('clients')).rejects.toMatchObject({ status: 401, credentialsRefused: true });
    expect(sent).toHaveLength(2);
  });
});
