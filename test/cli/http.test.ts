// The HTTP core end to end through `practice api`: retries after 429 (Retry-After) and 503, what is
// never retried, --max-wait, a server that is down, bad URLs, proxies that answer HTML, rate limits.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliHome, tempHome } from '../helpers/cli.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

type Handler = (request: IncomingMessage, response: ServerResponse, count: number) => void;

/** A stand-in for a project (or a proxy in front of one) that answers as `handler` says. */
async function fakeProject(handler: Handler): Promise<{ url: string; requests: IncomingMessage[]; close(): Promise<void> }> {
  const requests: IncomingMessage[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(request);
    request.resume();
    request.on('end', () => handler(request, response, requests.length));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const json = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(body));
};

let home: CliHome;
const envFor = (url: string) => ({ PRACTICE_URL: url, PRACTICE_ANON_KEY: 'anon', PRACTICE_TOKEN: 'token' });

beforeAll(async () => {
  home = await tempHome();
});

afterAll(async () => {
  await home.cleanup();
});

describe('PRACTICE_URL and PRACTICE_ANON_KEY', () => {
  it('says the two go together when only the URL is set, sending nothing', async () => {
    const fake = await fakeProject((_request, response) => json(response, 200, []));
    const result = await home.run(['client', 'list'], { env: { PRACTICE_URL: fake.url, PRACTICE_TOKEN: 'token' } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error: PRACTICE_URL is set without PRACTICE_ANON_KEY: the two go together (the anon key of the project at that URL). Set both, or neither to use the profile.\n');
    expect(result.stderr).not.toContain('No anon key for profile');
    expect(fake.requests).toHaveLength(0);
    await fake.close();
  });
});

describe('retries', () => {
  it('waits as Retry-After says after a 429, saying so, then succeeds', async () => {
    const fake = await fakeProject((_request, response, count) =>
      count === 1 ? json(response, 429, { code: 'over_request_rate_limit', message: 'Rate limit exceeded', hint: 'retry after 1 s', details: null }, { 'retry-after': '1' }) : json(response, 200, [{ id: 1 }]));
    const started = Date.now();
    const result = await home.run(['api', 'GET', 'clients'], { env: envFor(fake.url) });
    expect(result).toMatchObject({ code: 0, stdout: '[{"id":1}]' });
    expect(result.stderr).toBe('Rate limited by the server; retrying in 1 s…\n');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(fake.requests).toHaveLength(2);
    await fake.close();
  });

  it('honours a Retry-After date', async () => {
    const fake = await fakeProject((_request, response, count) =>
      count === 1 ? json(response, 503, { message: 'down for a moment' }, { 'retry-after': new Date(Date.now() + 2500).toUTCString() }) : json(response, 200, []));
    const result = await home.run(['api', 'GET', 'clients'], { env: envFor(fake.url) });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^The server answered HTTP 503; retrying in [123] s…\n$/);
    await fake.close();
  });

  it('gives up at once when the wait would pass --max-wait, with the hint', async () => {
    const fake = await fakeProject((_request, response) =>
      json(response, 429, { code: 'over_request_rate_limit', message: 'Rate limit exceeded', hint: 'retry after 60 s', details: null }, { 'retry-after': '60' }));
    const result = await home.run(['--max-wait', '5', 'api', 'GET', 'clients'], { env: envFor(fake.url) });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error: Rate limit exceeded\nhint: retry after 60 s\n');
    expect(fake.requests).toHaveLength(1);
    await fake.close();
  });

  it('never retries a write after a gateway error (it may have been applied)', async () => {
    const fake = await fakeProject((_request, response) => response.writeHead(502, { 'content-type': 'text/html' }).end('<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>'));
    const result = await home.run(['api', 'POST', 'clients', '-f', 'name=Ann'], { env: envFor(fake.url) });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error: The server answered HTTP 502 Bad Gateway: 502 Bad Gateway\n');
    expect(result.stderr).toContain('hint: The server or a proxy in front of it is unavailable; try again shortly.');
    expect(fake.requests).toHaveLength(1);
    await fake.close();
  });

  it('retries a read whose connection was cut', async () => {
    const fake = await fakeProject((request, response, count) => (count === 1 ? request.socket.destroy() : json(response, 200, [])));
    const result = await home.run(['api', 'GET', 'clients'], { env: envFor(fake.url) });
    expect(result).toMatchObject({ code: 0, stdout: '[]' });
    expect(fake.requests).toHaveLength(2);
    await fake.close();
  });
});

describe('failures before any answer', () => {
  it('says clearly when the server is down (exit 1)', async () => {
    const fake = await fakeProject(() => {});
    await fake.close();
    const result = await home.run(['api', 'GET', 'clients'], { env: envFor(fake.url) });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`error: Could not connect to ${fake.url}: connection refused.\nhint: Is the service running? Check the profile (\`practice profile list\`) or \`practice server status\`.\n`);
  });

  it('refuses a bad URL before sending anything (exit 2)', async () => {
    for (const url of ['not a url', 'ftp://example.com', 'https://user:pw@example.com']) {
      const result = await home.run(['api', 'GET', 'clients'], { env: envFor(url) });
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/^error: /);
    }
    const added = await home.run(['profile', 'add', 'bad', '--url', 'example.com', '--anon-key', 'x']);
    expect(added.code).toBe(2);
    expect(added.stderr).toContain('error: "example.com" is not a URL.');
  });

  it('says when the host does not exist (exit 1)', async () => {
    const result = await home.run(['api', 'GET', 'clients'], { env: envFor('http://no-such-host.invalid') });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error: Could not find the host no-such-host.invalid.');
  });

  it('says when a URL answers with something that is not the project', async () => {
    const fake = await fakeProject((_request, response) => response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>'));
    const result = await home.run(['api', 'GET', 'clients'], { env: envFor(fake.url) });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error: The server answered HTTP 404 Not Found\n');
    expect(result.stderr).toContain('hint: Check the table or path, and the project URL');
    await fake.close();
  });
});

describe('rate limits of the real service', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ rateLimits: { readsPerMinute: 2 } });
  });

  afterAll(async () => {
    await server.close();
  });

  it('reports a 429 it may not wait for (--max-wait 0), with the body on stdout', async () => {
    const { token } = await server.therapist();
    const env = { PRACTICE_URL: server.url, PRACTICE_ANON_KEY: server.keys.anonKey, PRACTICE_TOKEN: token };
    expect((await home.run(['api', 'GET', 'clients'], { env })).code).toBe(0);
    expect((await home.run(['api', 'GET', 'clients'], { env })).code).toBe(0);
    const limited = await home.run(['--max-wait', '0', 'api', 'GET', 'clients'], { env });
    expect(limited.code).toBe(1);
    expect(limited.stderr).toMatch(/^error: .+\nhint: .+\n$/);
    expect(limited.stdout).toContain('over_request_rate_limit');
  });
});
