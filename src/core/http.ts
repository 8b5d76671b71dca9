// The wire: one HTTP exchange with keep-alive, a connect timeout and a whole-request timeout, over
// node:net for http: URLs (plain-http.ts, the cheaper start) and node:https for https: ones. Not
// undici: on Node 20 a short-lived process that used undici waits ~130 ms at exit for V8 to finish
// compiling llhttp's WebAssembly (bench/cli measures it every run).
import type { IncomingMessage } from 'node:http';
import type { Agent } from 'node:https';
import { CoreError } from './errors.js';
import type { HttpRequest, HttpResponse, Timeouts } from './exchange.js';
import { coded, PlainHttp } from './plain-http.js';

export type { HttpRequest, HttpResponse, Timeouts } from './exchange.js';

export const DEFAULT_TIMEOUTS: Timeouts = { connectMs: 10_000, requestMs: 60_000 };

/** What the API client sends through (tests give it a scripted one). */
export interface Transport {
  send(request: HttpRequest): Promise<HttpResponse>;
}

/** Why no answer came, as far as the caller needs to advise on it; `other` covers the rest. */
export type NoAnswerReason = 'refused' | 'unknown host' | 'broken off' | 'other';

/** A request that got no HTTP answer. `maybeApplied`: it may have reached the server before failing. */
export class ConnectionError extends CoreError {
  constructor(
    message: string,
    hint: string | null,
    readonly transient: boolean,
    readonly maybeApplied: boolean,
    readonly reason: NoAnswerReason = 'other',
  ) {
    super(message, hint);
  }
}

function connectionError(err: NodeJS.ErrnoException, url: URL, where: string, timeouts: Timeouts): ConnectionError {
  switch (err.code) {
    case 'ECONNREFUSED':
      return new ConnectionError(`Could not connect to ${where}: connection refused.`, null, false, false, 'refused');
    case 'ENOTFOUND':
      return new ConnectionError(`Could not find the host ${url.hostname}.`, null, false, false, 'unknown host');
    case 'EAI_AGAIN':
      return new ConnectionError(`Could not look up the host ${url.hostname} (DNS did not answer).`, 'Check the network connection.', true, false);
    case 'CONNECT_TIMEOUT':
      return new ConnectionError(`Could not connect to ${where} within ${timeouts.connectMs / 1000} s.`, 'Check the network connection and the project URL.', false, false);
    case 'REQUEST_TIMEOUT':
      return new ConnectionError(`${where} did not answer within ${timeouts.requestMs / 1000} s.`, 'The server may be overloaded; try again later.', false, true);
    // A server that stopped or restarted mid-request, a keep-alive socket it closed, a response cut short.
    case 'ECONNRESET':
    case 'EPIPE':
    case 'ECONNABORTED':
      return new ConnectionError(`The connection to ${where} broke off before the answer was complete (${err.code}).`, null, true, true, 'broken off');
    default:
      if (err.code?.startsWith('ERR_TLS') || /CERT|SELF_SIGNED|SSL/.test(err.code ?? '')) {
        return new ConnectionError(`The TLS connection to ${where} failed: ${err.message}.`, 'Check the certificate of the server, or the clock of this machine.', false, false);
      }
      return new ConnectionError(`The request to ${where} failed: ${err.message}.`, null, false, true);
  }
}

function flatHeaders(response: IncomingMessage): Record<string, string | undefined> {
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/** Sends requests over kept-alive connections; the modules load on the first request, not at start. */
export class HttpTransport implements Transport {
  private agent: Agent | undefined;
  private plain: PlainHttp | undefined;

  constructor(private readonly timeouts: Timeouts = DEFAULT_TIMEOUTS) {}

  async send(request: HttpRequest): Promise<HttpResponse> {
    if (request.url.protocol === 'https:') return this.sendOverTls(request);
    this.plain ??= new PlainHttp((await import('node:net')).connect, this.timeouts);
    // A header node:http would refuse throws here, as node:http throws it, not as a connection failure.
    const sent = this.plain.send(request);
    return sent.catch((err: NodeJS.ErrnoException) => {
      throw Object.assign(connectionError(err, request.url, request.site ?? request.url.origin, this.timeouts), { cause: err });
    });
  }

  private async sendOverTls(request: HttpRequest): Promise<HttpResponse> {
    const https = await import('node:https');
    const agent = (this.agent ??= new https.Agent({ keepAlive: true, maxSockets: 8 }));
    const { timeouts } = this;
    return new Promise<HttpResponse>((resolve, reject) => {
      const outgoing = https.request(request.url, { method: request.method, headers: request.headers, agent });
      const fail = (err: NodeJS.ErrnoException) => {
        clearTimeout(whole);
        // The error underneath stays as the cause, for --verbose.
        reject(Object.assign(connectionError(err, request.url, request.site ?? request.url.origin, timeouts), { cause: err }));
      };
      const whole = setTimeout(() => outgoing.destroy(coded('REQUEST_TIMEOUT', 'request timed out')), timeouts.requestMs);
      outgoing.once('socket', (socket) => {
        if (!socket.connecting) return;
        const connect = setTimeout(() => outgoing.destroy(coded('CONNECT_TIMEOUT', 'connect timed out')), timeouts.connectMs);
        socket.once('secureConnect', () => clearTimeout(connect));
        socket.once('close', () => clearTimeout(connect));
      });
      // on, not once: a broken connection may fail a request twice, and an unheard 'error' would crash.
      outgoing.on('error', fail);
      outgoing.once('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        // A body cut short ends in 'error' (ECONNRESET, "aborted"), never in 'end'.
        response.on('error', fail);
        response.once('end', () => {
          clearTimeout(whole);
          resolve({
            status: response.statusCode ?? 0,
            statusText: response.statusMessage ?? '',
            headers: flatHeaders(response),
            body: Buffer.concat(chunks),
          });
        });
      });
      outgoing.end(request.body);
    });
  }
}
