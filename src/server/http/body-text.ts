// Request bodies stay text: each API parses its own, so bad JSON gets that API's error. The text is
// decoded strictly: invalid UTF-8 is refused (400) in the dialect of the API it was sent to, where a
// lenient decode would store replacement characters in the practice's record without a word.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authFailures, failures } from '../errors.js';

// ignoreBOM keeps a leading byte-order mark in the text, as the lenient decode did.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function notUtf8(request: FastifyRequest): Error {
  return (request.routeOptions.url ?? request.url).startsWith('/auth/v1') ? authFailures.badJson() : failures.notUtf8();
}

export function readBodiesAsText(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (request, body, done) => {
    try {
      done(null, utf8.decode(body as Buffer));
    } catch {
      done(notUtf8(request), undefined);
    }
  });
}
