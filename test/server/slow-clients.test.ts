// Issue 25.4: slow clients cannot exhaust the service. Headers sent a byte at a time, and a body
// sent a byte at a time, are answered 408 and closed once their time is up (timeouts of 1 and 2 s
// here), and one address holding its cap of connections gets 429 for one more while another
// address (127.0.0.2, also loopback) and the connections it holds are served.
import { connect, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.js';

const CAP = 5;
const server = await startTestServer({ connections: { headersTimeout: 1, requestTimeout: 2, connectionsPerIp: CAP } });
afterAll(() => server.close());
const { hostname, port } = new URL(server.url);

interface Conversation {
  socket: Socket;
  /** Everything the server sent, once it closed the connection. */
  closed: Promise<{ text: string; afterMs: number }>;
}

function open(localAddress = '127.0.0.1'): Promise<Conversation> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port), localAddress });
    const started = Date.now();
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (text += chunk));
    const closed = new Promise<{ text: string; afterMs: number }>((done) => socket.on('close', () => done({ text, afterMs: Date.now() - started })));
    socket.on('error', () => {});
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });
}

/** Sends `text` a byte every `everyMs`, until it is all sent or the socket closes. */
function trickle(socket: Socket, text: string, everyMs: number): void {
  let at = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || socket.writableEnded || at >= text.length) return clearInterval(timer);
    socket.write(text[at++]!);
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}

const statusOf = (text: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
const bodyOf = (text: string) => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));

describe('timeouts', () => {
  it('answers headers that trickle in 408 and closes, within the headers timeout', async () => {
    const { socket, closed } = await open();
    trickle(socket, `GET /rest/v1/clients HTTP/1.1\r\nHost: x\r\napikey: ${server.keys.anonKey}\r\n${'X-Slow: a\r\n'.repeat(100)}\r\n`, 100);
    const { text, afterMs } = await closed;
    expect(statusOf(text), text).toBe(408);
    expect(bodyOf(text)).toMatchObject({ code: 'request_timeout' });
    expect(afterMs).toBeLessThan(1000 + 1000); // the timeout, and Node's check interval with room
  });

  it('answers a body that trickles in 408 and closes, within the request timeout', async () => {
    const t = await server.therapist();
    const { socket, closed } = await open();
    socket.write(
      `POST /rest/v1/clients HTTP/1.1\r\nHost: x\r\napikey: ${t.headers.apikey}\r\nauthorization: ${t.headers.authorization}\r\n` +
        'content-type: application/json\r\ncontent-length: 1000\r\n\r\n',
    );
    trickle(socket, `{"name":"${'a'.repeat(990)}"}`, 100);
    const { text, afterMs } = await closed;
    expect(statusOf(text), text).toBe(408);
    expect(afterMs).toBeLessThan(2000 + 1000);
    expect((await server.request('/clients?select=id', { headers: t.headers }).then((r) => r.json()))).toEqual([]);
  });

  it('serves a request that arrives in time on the same terms', async () => {
    const t = await server.therapist();
    const reply = await server.request('/clients?select=id', { headers: t.headers });
    expect(reply.status).toBe(200);
  });
});

describe('connections per address', () => {
  it(`refuses connection ${CAP + 1} from one address with 429, and serves another address meanwhile`, async () => {
    const held = await Promise.all(Array.from({ length: CAP }, () => open('127.0.0.1')));
    // Held connections keep their place: each is half-way through its headers.
    for (const { socket } of held) socket.write('GET /rest/v1/ HTTP/1.1\r\n');
    const extra = await open('127.0.0.1');
    const refused = await extra.closed;
    expect(statusOf(refused.text), refused.text).toBe(429);
    expect(bodyOf(refused.text)).toMatchObject({ code: 'too_many_connections' });

    const other = await open('127.0.0.2');
    other.socket.write(`GET /rest/v1/clients?select=id HTTP/1.1\r\nHost: x\r\napikey: ${server.keys.anonKey}\r\nConnection: close\r\n\r\n`);
    const served = await other.closed;
    expect(statusOf(served.text), served.text).toBe(200);

    // A held connection finishes its request and is served: the cap refused only the extra one.
    held[0]!.socket.write(`Host: x\r\napikey: ${server.keys.anonKey}\r\nConnection: close\r\n\r\n`);
    expect(statusOf((await held[0]!.closed).text)).toBe(200);
    for (const { socket } of held) socket.destroy();
    await Promise.all(held.map(({ closed }) => closed));

    // Closed connections give their places back.
    const again = await open('127.0.0.1');
    again.socket.write(`GET /rest/v1/ HTTP/1.1\r\nHost: x\r\napikey: ${server.keys.anonKey}\r\nConnection: close\r\n\r\n`);
    expect(statusOf((await again.closed).text)).toBe(200);
  });

  it('keeps serving others through a flood of 500 silent connections from one address', async () => {
    const flood = await Promise.all(Array.from({ length: 500 }, () => open('127.0.0.1')));
    const refused = await Promise.all(flood.slice(CAP).map(({ closed }) => closed));
    expect(refused.map(({ text }) => statusOf(text))).toEqual(Array(500 - CAP).fill(429));

    const other = await open('127.0.0.2');
    other.socket.write(`GET /rest/v1/ HTTP/1.1\r\nHost: x\r\napikey: ${server.keys.anonKey}\r\nConnection: close\r\n\r\n`);
    expect(statusOf((await other.closed).text)).toBe(200);
    for (const { socket } of flood) socket.destroy();
  });
});

describe('behind a trusted proxy', () => {
  it('does not cap the proxy, whose connections carry every client', async () => {
    const behind = await server.sibling({ trustProxy: '127.0.0.1', connections: { connectionsPerIp: 2 } });
    try {
      const url = new URL(behind.url);
      const sockets = await Promise.all(Array.from({ length: 4 }, () => new Promise<Socket>((resolve) => {
        const socket = connect({ host: url.hostname, port: Number(url.port) }, () => resolve(socket));
      })));
      const answers = await Promise.all(sockets.map((socket) => new Promise<string>((resolve) => {
        let text = '';
        socket.setEncoding('utf8');
        socket.on('data', (chunk) => (text += chunk));
        socket.on('close', () => resolve(text));
        socket.write(`GET /rest/v1/ HTTP/1.1\r\nHost: x\r\napikey: ${server.keys.anonKey}\r\nConnection: close\r\n\r\n`);
      })));
      expect(answers.map(statusOf)).toEqual([200, 200, 200, 200]);
    } finally {
      await behind.close();
    }
  });
});
