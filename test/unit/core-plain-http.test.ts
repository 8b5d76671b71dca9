// The CLI's HTTP/1.1 over node:net for http: URLs: the response reader fed byte by byte, and the
// client against a real node:http server on the loopback, answering as node:http's client would.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUTS, type HttpRequest } from '../../src/core/http.js';
import { Http1ResponseReader } from '../../src/core/http1-response.js';
import { PlainHttp, requestHead } from '../../src/core/plain-http.js';

/** Feeds `raw` one byte at a time, as a slow network would; the response once complete. */
function readByteByByte(raw: string, method = 'GET') {
  const reader = new Http1ResponseReader(method);
  const bytes = Buffer.from(raw, 'latin1');
  for (let i = 0; i < bytes.length; i++) {
    const response = reader.push(bytes.subarray(i, i + 1));
    if (response) return { response, at: i + 1, length: bytes.length };
  }
  return { response: reader.closed(), at: bytes.length, length: bytes.length };
}

describe('reading a response', () => {
  it('joins a chunked body, skipping chunk extensions and trailers', () => {
    const { response, at, length } = readByteByByte('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Type: text/plain\r\n\r\n5;ext=1\r\nhello\r\n7\r\n, world\r\n0\r\nX-Trailer: t\r\n\r\n');
    expect(response).toMatchObject({ status: 200, statusText: 'OK', headers: { 'transfer-encoding': 'chunked', 'content-type': 'text/plain' }, reusable: true });
    expect(response!.body.toString()).toBe('hello, world');
    expect(at).toBe(length);
  });

  it('reads exactly Content-Length bytes, and a connection with bytes past them is not reused', () => {
    expect(readByteByByte('HTTP/1.1 201 Created\r\ncontent-length: 2\r\n\r\n{}').response).toMatchObject({ status: 201, body: Buffer.from('{}'), reusable: true });
    const reader = new Http1ResponseReader('GET');
    expect(reader.push(Buffer.from('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}HTTP/1.1'))).toMatchObject({ body: Buffer.from('{}'), reusable: false });
  });

  it('knows the answers without a body: to a HEAD, 204 and 304', () => {
    expect(readByteByByte('HTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\n', 'HEAD').response).toMatchObject({ status: 200, body: Buffer.alloc(0) });
    expect(readByteByByte('HTTP/1.1 204 No Content\r\n\r\n').response).toMatchObject({ status: 204, reusable: true });
    expect(readByteByByte('HTTP/1.1 304 Not Modified\r\netag: "a"\r\n\r\n').response).toMatchObject({ status: 304 });
  });

  it('reads a body without length until the close, and never reuses that connection', () => {
    const reader = new Http1ResponseReader('GET');
    expect(reader.push(Buffer.from('HTTP/1.1 200 OK\r\n\r\npart one,'))).toBeNull();
    expect(reader.push(Buffer.from(' part two'))).toBeNull();
    expect(reader.closed()).toMatchObject({ body: Buffer.from('part one, part two'), reusable: false });
  });

  it('has nothing when the connection closes before a framed body is complete', () => {
    const reader = new Http1ResponseReader('GET');
    expect(reader.started).toBe(false);
    reader.push(Buffer.from('HTTP/1.1 200 OK\r\ncontent-length: 4000\r\n\r\n[{"id":1,'));
    expect(reader.started).toBe(true);
    expect(reader.closed()).toBeNull();
  });

  it('skips interim answers and merges repeated headers as node:http does', () => {
    const { response } = readByteByByte('HTTP/1.1 103 Early Hints\r\nlink: </a>\r\n\r\nHTTP/1.1 429 Too Many Requests\r\nRetry-After: 5\r\nretry-after: 60\r\nVary: a\r\nvary: b\r\nSet-Cookie: x=1\r\nset-cookie: y=2\r\nKeep-Alive: timeout=5\r\ncontent-length: 0\r\n\r\n');
    expect(response).toMatchObject({ status: 429, statusText: 'Too Many Requests', keepAliveMs: 5000 });
    expect(response!.headers).toEqual({ 'retry-after': '5', vary: 'a, b', 'set-cookie': 'x=1, y=2', 'keep-alive': 'timeout=5', 'content-length': '0' });
  });

  it('does not reuse a connection the server closes, nor an HTTP/1.0 one it does not keep', () => {
    expect(readByteByByte('HTTP/1.1 200 OK\r\nConnection: close\r\ncontent-length: 0\r\n\r\n').response).toMatchObject({ reusable: false });
    expect(readByteByByte('HTTP/1.0 200 OK\r\ncontent-length: 0\r\n\r\n').response).toMatchObject({ reusable: false });
    expect(readByteByByte('HTTP/1.0 200 OK\r\nConnection: keep-alive\r\ncontent-length: 0\r\n\r\n').response).toMatchObject({ reusable: true });
  });

  it('refuses what is not HTTP, with node:http parser codes', () => {
    for (const [raw, code] of [
      ['SSH-2.0-OpenSSH_9.6\r\n\r\n', 'HPE_INVALID_CONSTANT'],
      ['HTTP/1.1 200 OK\r\ncontent-length: ten\r\n\r\n', 'HPE_INVALID_CONTENT_LENGTH'],
      ['HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n', 'HPE_INVALID_CHUNK_SIZE'],
      ['HTTP/1.1 200 OK\r\nbad header\r\n\r\n', 'HPE_INVALID_HEADER_TOKEN'],
    ] as const) {
      expect(() => new Http1ResponseReader('GET').push(Buffer.from(raw)), raw).toThrow(expect.objectContaining({ code }));
    }
  });
});

describe('the request head', () => {
  const request = (headers: Record<string, string>, method = 'GET', body?: Buffer): HttpRequest => ({ method, url: new URL('http://127.0.0.1:8080/rest/v1/clients?select=id#top'), headers, body });

  it('names the host, keeps the connection, and states the length of a body', () => {
    expect(requestHead(request({ apikey: 'k' })).toString()).toBe('GET /rest/v1/clients?select=id HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nConnection: keep-alive\r\napikey: k\r\n\r\n');
    expect(requestHead(request({}, 'POST', Buffer.from('{}'))).toString()).toContain('\r\nContent-Length: 2\r\n\r\n');
    expect(requestHead(request({}, 'POST')).toString()).toContain('\r\nContent-Length: 0\r\n\r\n');
  });

  it('refuses a header that would break the request, as node:http does', () => {
    expect(() => requestHead(request({ authorization: 'Bearer a\r\nx-injected: 1' }))).toThrow(expect.objectContaining({ code: 'ERR_INVALID_CHAR' }));
    expect(() => requestHead(request({ 'bad name': 'x' }))).toThrow(expect.objectContaining({ code: 'ERR_INVALID_HTTP_TOKEN' }));
  });
});

describe('the client against a node:http server', () => {
  let url: string;
  let connections = 0;
  let inFlight = 0;
  let mostInFlight = 0;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      setTimeout(() => {
        inFlight--;
        if (request.url === '/chunked') {
          response.setHeader('content-type', 'application/json');
          response.write('[1,');
          response.end('2]');
        } else if (request.url === '/close') {
          response.writeHead(200, { connection: 'close', 'content-length': '2' }).end('ok');
        } else {
          response.writeHead(200, { 'content-type': 'text/plain' }).end(`${request.method} ${request.url} ${Buffer.concat(chunks).toString()}`);
        }
        // The pages are held long enough for every connection the client may open to have asked
        // (5 ms was not on a loaded machine: the first answer went before the eighth request came).
      }, request.url!.startsWith('/page/') ? 200 : 5);
    });
  });
  server.on('connection', () => connections++);
  const client = () => new PlainHttp(connect, DEFAULT_TIMEOUTS);
  const get = (http: PlainHttp, path: string, method = 'GET', body?: Buffer) => http.send({ method, url: new URL(`${url}${path}`), headers: { accept: 'application/json' }, body });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends the body and reads a chunked answer, over one kept connection', async () => {
    const http = client();
    const before = connections;
    expect((await get(http, '/echo', 'POST', Buffer.from('{"a":1}'))).body.toString()).toBe('POST /echo {"a":1}');
    const chunked = await get(http, '/chunked');
    expect(chunked).toMatchObject({ status: 200, statusText: 'OK', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } });
    expect(chunked.body.toString()).toBe('[1,2]');
    expect(connections - before).toBe(1);
  });

  it('opens a new connection after one the server closed', async () => {
    const http = client();
    const before = connections;
    await get(http, '/close');
    await get(http, '/close');
    expect(connections - before).toBe(2);
  });

  it('has at most 8 requests under way to one server, as node:http Agent of the CLI had', async () => {
    const http = client();
    mostInFlight = 0;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => get(http, `/page/${i}`)));
    expect(answers.map((answer) => answer.body.toString())).toEqual(Array.from({ length: 20 }, (_, i) => `GET /page/${i} `));
    expect(mostInFlight).toBe(8);
  });

  it('fails with the code node:http gives when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    await expect(client().send({ method: 'GET', url: new URL(`http://127.0.0.1:${port}/`), headers: {} })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
