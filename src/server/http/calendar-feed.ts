// The practice's private calendar feed, GET /calendar/v1/<token>.ics (issue 31.7): what Apple, Google
// or Thunderbird subscribe to. The token is the only credential; a calendar app sends no apikey.
import { createHash } from 'node:crypto';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { type CalendarEvent, toICalendar } from '../../formats/ics.js';
import { addDays, todayIn } from '../../model/when.js';
import type { Database } from '../db/database.js';
import { ServiceError } from '../errors.js';
import { LeastRecentlyUsed } from '../lru.js';

/** The window a subscriber sees: a month of history, half a year ahead. */
const DAYS_BACK = 30;
const DAYS_AHEAD = 180;

// 32 random bytes as base64url (src/cli/calendar/feed.ts makes them).
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

interface FeedOwner {
  therapist_id: string;
  full_names: boolean;
  time_zone: string;
}

// The one lookup across practices, as the service's own role (migration 21's definer function).
const OWNER = 'select therapist_id, full_names, time_zone from practice_private.calendar_feed_owner($1)';

// Run as the feed's practice (role authenticated, its id as sub), so row-level security confines the
// read to that practice whatever the predicate says; with the practice's name, the calendar's. Notes
// never leave in a feed. Only the columns the document is made of, as they are stored (times
// HH:MM:SS), ordered before the aggregate: the events are read, sent and hashed on every poll, and the
// document made only when they change. A request's hold runs out with nothing written, so whether it
// has is read too: the ETag changes when it does.
const EVENTS = `
select coalesce(json_agg(event), '[]')::text as events,
  (select setting.value from public.practice_settings setting where setting.therapist_id = $1 and setting.key = 'practice_name') as name
from (
  select appointment.id, appointment.date, appointment.start_time, appointment.end_time, appointment.status,
         appointment.client_name, service.name as service_name, appointment.created_at, appointment.updated_at,
         appointment.status = 'requested' and appointment.hold_until <= now() as hold_expired
  from public.appointments appointment
  left join public.service_menu service on service.therapist_id = appointment.therapist_id and service.id = appointment.service_id
  where appointment.therapist_id = $1 and appointment.date between $2::date and $3::date
  order by appointment.date, appointment.start_time, appointment.id
) event`;

/** An event as EVENTS reads it. */
type FeedEvent = Omit<CalendarEvent, 'notes'>;

function notFound(): ServiceError {
  return new ServiceError(404, 'PGRST125', 'No calendar feed at this address', null,
    'The address was replaced by a new one, or never existed: ask the practice for its current feed address.');
}

function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * DTSTAMP of every event: the feed's latest change, so an unchanged practice gives the same bytes and
 * the same ETag on every poll (the time of the request would change both each time).
 */
function lastChange(events: readonly FeedEvent[], firstDay: string): Date {
  const stamps = events.map((event) => Date.parse(event.updated_at ?? event.created_at ?? '')).filter(Number.isFinite);
  return new Date(stamps.length === 0 ? Date.parse(`${firstDay}T00:00:00Z`) : Math.max(...stamps));
}

/** Whether If-None-Match names this ETag (weak or strong, or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(',').map((tag) => tag.trim().replace(/^W\//, '')).some((tag) => tag === '*' || tag === etag);
}

interface Feed {
  /** A digest of everything the document is made of: its ETag. */
  etag: string;
  /** Made only when asked for: a poll answered 304 needs none. */
  document: () => string;
}

// Documents made recently, by feed: calendar apps poll unchanged feeds, and the same events give the
// same document. Bounded by count and size (a feed of 1,700 visits is ~500 KB).
const MADE_DOCUMENTS = 32;
const MADE_BYTES = 32 * 1024 * 1024;

/** The feed of a token, or null when no feed has it. */
async function readFeed(db: Database, made: LeastRecentlyUsed<string, { etag: string; document: string }>, token: string, now: Date): Promise<Feed | null> {
  const digest = tokenDigest(token);
  const [owner] = await db.query<FeedOwner>(OWNER, [digest]);
  if (owner === undefined) return null;
  const today = todayIn(now, owner.time_zone);
  const [from, to] = [addDays(today, -DAYS_BACK), addDays(today, DAYS_AHEAD)];
  const row = await db.runRequest<{ events: string; name: string | null }>({
    readOnly: true,
    identity: {
      role: 'authenticated',
      userId: owner.therapist_id,
      claimsJson: JSON.stringify({ sub: owner.therapist_id, role: 'authenticated' }),
      method: 'GET',
      // Not the request's path: that holds the token.
      path: '/calendar/v1',
      headers: {},
    },
    statement: { text: EVENTS, values: [owner.therapist_id, from, to] },
  });
  const etag = `"${createHash('sha256').update(`${from} ${owner.time_zone} ${owner.full_names} ${row.name ?? ''}\n${row.events}`).digest('base64url').slice(0, 27)}"`;
  return {
    etag,
    document: () => {
      const known = made.get(digest);
      if (known?.etag === etag) return known.document;
      const events = JSON.parse(row.events) as FeedEvent[];
      const document = toICalendar(events.map((event) => ({ ...event, notes: null })), {
        timeZone: owner.time_zone, now: lastChange(events, from), redact: !owner.full_names, name: row.name ?? 'Practice',
      });
      made.set(digest, { etag, document });
      return document;
    },
  };
}

export function registerCalendarFeedRoute(app: FastifyInstance, { db, onRequest }: { db: Database; onRequest: onRequestHookHandler[] }): void {
  const made = new LeastRecentlyUsed<string, { etag: string; document: string }>(MADE_DOCUMENTS, { max: MADE_BYTES, weigh: (_, { document }) => document.length });
  // HEAD too: calendar apps and link checkers ask it; Node sends its headers without the body.
  app.route<{ Params: { file: string } }>({ method: ['GET', 'HEAD'], url: '/calendar/v1/:file', onRequest, handler: async (request, reply) => {
    const token = FEED_FILE.exec(request.params.file)?.[1];
    const feed = token === undefined ? null : await readFeed(db, made, token, new Date());
    if (feed === null) throw notFound();
    // no-cache: a calendar app keeps its copy but asks each time, and a 304 costs it nothing.
    reply.headers({ etag: feed.etag, 'cache-control': 'private, no-cache', 'referrer-policy': 'no-referrer' });
    if (matches(request.headers['if-none-match'], feed.etag)) return reply.code(304).send();
    return reply.type('text/calendar; charset=utf-8').header('content-disposition', 'inline; filename="practice.ics"').send(feed.document());
  } });
}
