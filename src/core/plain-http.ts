// HTTP/1.1 over node:net for http: URLs (the local service, a project on the loopback or the LAN):
// one request, its answer read by http1-response.ts, the connection kept for the next request. Not
// node:http: its modules cost a one-request command ~20 million instructions more (Node compiles
// their functions lazily, and no code cache of ours reaches them; docs/architecture.md). Fails as
// node:http fails (the same error codes), so src/core/http.ts words both alike; https: stays on node:https.
import type { connect as Connect, Socket } from 'node:net';
import type { HttpRequest, HttpResponse, Timeouts } from './exchange.js';
import { type Http1Response, Http1ResponseReader } from './http1-response.js';

// As node:http's Agent of src/core/http.ts: at most this many requests at once to one host and port.
const MAX_SOCKETS = 8;
// node:http's Agent stops reusing an idle connection a second before the server's keep-alive timeout.
const KEEP_ALIVE_MARGIN_MS = 1000;
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const INVALID_VALUE = /[^\t\x20-\x7e\x80-\xff]/;

/** What a socket of the pool is doing: the exchange it carries, or idle since `until` is past. */
interface Use {
  exchange: Exchange | null;
  idleUntil: number;
}

interface Exchange {
  data(chunk: Buffer): void;
  failed(err: Error): void;
  closed(): void;
}

interface Pool {
  idle: Socket[];
  /** Requests holding one of the MAX_SOCKETS places (connecting, or on a socket). */
  busy: number;
  waiting: Array<() => void>;
}

/** An error with a code, as node:net and node:http make them. */
export function coded(code: string, message: string): NodeJS.ErrnoException {
  return Object.assign(new Error(message), { code });
}

/** The request's head as node:http writes it, refusing a header that would break it as node:http does. */
export function requestHead(request: HttpRequest): Buffer {
  const { url, method, headers, body } = request;
  let head = `${method} ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: keep-alive\r\n`;
  for (const [name, value] of Object.entries(headers)) {
    if (!TOKEN.test(name)) throw Object.assign(new TypeError(`Header name must be a valid HTTP token ["${name}"]`), { code: 'ERR_INVALID_HTTP_TOKEN' });
    if (INVALID_VALUE.test(value)) throw Object.assign(new TypeError(`Invalid character in header content ["${name}"]`), { code: 'ERR_INVALID_CHAR' });
    head += `${name}: ${value}\r\n`;
  }
  const hasLength = Object.keys(headers).some((name) => name.toLowerCase() === 'content-length');
  // node:http states the length of a body, and an empty one for the methods that usually carry one.
  if (!hasLength && (body !== undefined || !['GET', 'HEAD', 'DELETE', 'OPTIONS', 'TRACE', 'CONNECT'].includes(method))) head += `Content-Length: ${body?.length ?? 0}\r\n`;
  return Buffer.from(`${head}\r\n`, 'latin1');
}

/** Sends requests to http: URLs over kept-alive node:net connections; rejects with node:http's error codes. */
export class PlainHttp {
  private readonly pools = new Map<string, Pool>();
  private readonly uses = new WeakMap<Socket, Use>();

  /** `connect`: node:net's, which the caller loads when the first request goes out. */
  constructor(
    private readonly connect: typeof Connect,
    private readonly timeouts: Timeouts,
  ) {}

  send(request: HttpRequest): Promise<HttpResponse> {
    const head = requestHead(request);
    const message = request.body ? Buffer.concat([head, request.body]) : head;
    const host = request.url.hostname.replace(/^\[(.*)\]$/, '$1');
    const port = Number(request.url.port || 80);
    const key = `${host}:${port}`;
    let pool = this.pools.get(key);
    if (!pool) this.pools.set(key, (pool = { idle: [], busy: 0, waiting: [] }));
    const thePool = pool;
    return new Promise<HttpResponse>((resolve, reject) => {
      let socket: Socket | null = null;
      let settled = false;
      const reader = new Http1ResponseReader(request.method);
      const settle = (err: Error | null, response?: Http1Response) => {
        if (settled) return;
        settled = true;
        clearTimeout(whole);
        if (socket) this.release(thePool, socket, response);
        if (err) reject(err);
        else resolve({ status: response!.status, statusText: response!.statusText, headers: response!.headers, body: response!.body });
      };
      const whole = setTimeout(() => {
        if (socket) socket.destroy(coded('REQUEST_TIMEOUT', 'request timed out'));
        else settle(coded('REQUEST_TIMEOUT', 'request timed out'));
      }, this.timeouts.requestMs);
      const exchange: Exchange = {
        data: (chunk) => {
          let response: Http1Response | null;
          try {
            response = reader.push(chunk);
          } catch (err) {
            socket!.destroy(err as Error);
            return;
          }
          if (response) settle(null, response);
        },
        failed: (err) => settle(err),
        closed: () => {
          const response = reader.closed();
          if (response) settle(null, response);
          // node:http: "socket hang up" before any answer, "aborted" when the body was cut short.
          else settle(reader.started ? coded('ECONNRESET', 'aborted') : coded('ECONNRESET', 'socket hang up'));
        },
      };
      this.whenPlace(thePool, () => {
        if (settled) return this.release(thePool, null);
        socket = this.socket(thePool, host, port);
        this.uses.get(socket)!.exchange = exchange;
        socket.write(message);
      });
    });
  }

  /** Runs `go` once fewer than MAX_SOCKETS requests are under way to the pool's host. */
  private whenPlace(pool: Pool, go: () => void): void {
    if (pool.busy < MAX_SOCKETS) {
      pool.busy++;
      go();
    } else {
      pool.waiting.push(go);
    }
  }

  /** An idle connection still worth using, or a new one (with its connect timeout). */
  private socket(pool: Pool, host: string, port: number): Socket {
    for (let idle = pool.idle.pop(); idle; idle = pool.idle.pop()) {
      if (!idle.destroyed && this.uses.get(idle)!.idleUntil > Date.now()) return idle.ref();
      idle.destroy();
    }
    const socket = this.connect({ host, port, noDelay: true });
    const use: Use = { exchange: null, idleUntil: Infinity };
    this.uses.set(socket, use);
    const connectTimer = setTimeout(() => socket.destroy(coded('CONNECT_TIMEOUT', 'connect timed out')), this.timeouts.connectMs);
    socket.once('connect', () => clearTimeout(connectTimer));
    socket.on('data', (chunk: Buffer) => {
      if (use.exchange) use.exchange.data(chunk);
      else socket.destroy(); // bytes nobody asked for: the connection is no longer in step
    });
    // An idle connection's error is followed by its close, which drops it from the pool.
    socket.on('error', (err) => use.exchange?.failed(err));
    socket.once('close', () => {
      clearTimeout(connectTimer);
      if (use.exchange) use.exchange.closed();
      const at = pool.idle.indexOf(socket);
      if (at >= 0) pool.idle.splice(at, 1);
    });
    return socket;
  }

  /** Gives the request's place to the next one waiting; keeps the connection if the answer allows. */
  private release(pool: Pool, socket: Socket | null, response?: Http1Response): void {
    if (socket) {
      const use = this.uses.get(socket)!;
      use.exchange = null;
      if (response?.reusable && !socket.destroyed) {
        use.idleUntil = response.keepAliveMs === null ? Infinity : Date.now() + response.keepAliveMs - KEEP_ALIVE_MARGIN_MS;
        // An idle connection does not keep the process alive.
        pool.idle.push(socket.unref());
      } else {
        socket.destroy();
      }
    }
    pool.busy--;
    const next = pool.waiting.shift();
    if (next) this.whenPlace(pool, next);
  }
}
