// The booking page as the embedded service serves it, GET /book/<slug> (issue 31.5): the same document
// `practice booking page --output` writes, set up to call this service with its anon key.
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { bookingPageHtml } from '../booking-page/document.js';
import { ServiceError } from '../errors.js';

// As booking_pages.slug's check (migration 20): anything else names no page, and is never written into one.
const SLUG = /^[a-z0-9]([a-z0-9-]{0,46}[a-z0-9])?$/;

export function registerBookingPageRoute(app: FastifyInstance, { anonKey, onRequest }: { anonKey: string; onRequest: onRequestHookHandler[] }): void {
  // HEAD too, as a link checker asks it; Node sends its headers without the body.
  app.route<{ Params: { slug: string } }>({ method: ['GET', 'HEAD'], url: '/book/:slug', onRequest, handler: async (request, reply) => {
    const { slug } = request.params;
    // The same words the page shows for a page that is off or unknown (booking_page's).
    if (!SLUG.test(slug)) throw new ServiceError(404, 'PGRST125', 'No booking page at this address.');
    // The address the browser used, so the page's calls go back to where it came from.
    const url = `${request.protocol}://${request.host}`;
    return reply
      .type('text/html; charset=utf-8')
      .headers({ 'cache-control': 'no-cache', 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' })
      .send(bookingPageHtml({ url, anonKey, slug }));
  } });
}
