// Request bodies stay text: each API parses its own, so bad JSON gets that API's error. The text is
// decoded strictly: invalid UTF-8 is refused (400) in the dialect of the API it was sent to, where a
// lenient decode would store replacement characters in the practice's record without a word.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authFailures, failures } from '../errors.js';

// ignoreBOM keeps a leading byte-order mark in the text, as the lenient decode did.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

// Bytes are no text: an octet-stream body is kept one character a byte (latin1), so that rpc/ can
// pass it to a bytea parameter as it came, or refuse it as PostgREST would, not as invalid UTF-8.
const BINARY = /^application\/octet-stream\s*(;|$)/i;

function notUtf8(request: FastifyRequest): Error {
  return (request.routeOptions.url ?? request.url).startsWith('/auth/v1') ? authFailures.badJson() : failures.notUtf8();
}

export function readBodiesAsText(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (request, body, done) => {
    try {
      done(null, BINARY.test(request.headers['content-type'] ?? '') ? (body as Buffer).toString('latin1') : utf8.decode(body as Buffer));
    } catch {
      done(notUtf8(request), undefined);
    }
  });
}
