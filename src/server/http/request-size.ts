// The size of a request's head: a URL past the limit is refused with 414 before routing work, and
// the requests Node refuses itself (head too large, malformed) still get the standard JSON body.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { failures, type ServiceError } from '../errors.js';
import { URL_LIMIT_BYTES } from './limits.js';

/** onRequest hook: the first check every request meets (callback style: no promise per request). */
export function checkUrlLength(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  // request.url is the request target as sent (ASCII on the wire): its length is its size in bytes.
  done(request.url.length > URL_LIMIT_BYTES ? failures.uriTooLong(URL_LIMIT_BYTES) : undefined);
}

function refusalOf(code: string | undefined): ServiceError {
  if (code === 'HPE_HEADER_OVERFLOW') return failures.headersTooLarge();
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return failures.requestTimeout();
  return failures.badHttpRequest();
}

/**
 * fastify's clientErrorHandler: Node could not parse a request at all. Answered like fastify's own
 * handler does (write, then destroy: the rest of the connection cannot be trusted), in our body.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const refusal = refusalOf(err.code);
    const body = JSON.stringify(refusal.body);
    socket.write(
      `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
