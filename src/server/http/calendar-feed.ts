// The practice's private calendar feed, GET /calendar/v1/<token>.ics (issue 31.7): what Apple, Google
// or Thunderbird subscribe to. The token is the only credential; a calendar app sends no apikey.
import { createHash } from 'node:crypto';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { toICalendar } from '../../formats/ics.js';
import type { ScheduledAppointment } from '../../formats/schedule.js';
import { addDays, todayIn } from '../../model/when.js';
import type { Database } from '../db/database.js';
import { ServiceError } from '../errors.js';

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
// read to that practice whatever the predicate says. Notes never leave in a feed.
const EVENTS = `
select coalesce(json_agg(event order by event.date, event.start_time, event.id), '[]')::text as events
from (
  select appointment.id, appointment.date::text as date,
         to_char(appointment.start_time, 'HH24:MI') as start_time, to_char(appointment.end_time, 'HH24:MI') as end_time,
         appointment.status, appointment.client_id, appointment.client_name, appointment.service_id,
         service.name as service_name, null::text as notes, appointment.created_at, appointment.updated_at
  from public.appointments appointment
  left join public.service_menu service on service.therapist_id = appointment.therapist_id and service.id = appointment.service_id
  where appointment.therapist_id = $1 and appointment.date between $2::date and $3::date
) event`;

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
function lastChange(events: readonly ScheduledAppointment[], firstDay: string): Date {
  const stamps = events.map((event) => Date.parse(event.updated_at ?? event.created_at ?? '')).filter(Number.isFinite);
  return new Date(stamps.length === 0 ? Date.parse(`${firstDay}T00:00:00Z`) : Math.max(...stamps));
}

/** Whether If-None-Match names this ETag (weak or strong, or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(',').map((tag) => tag.trim().replace(/^W\//, '')).some((tag) => tag === '*' || tag === etag);
}

/** The feed's document for a token, or null when no feed has it. */
async function feedDocument(db: Database, token: string, now: Date): Promise<string | null> {
  const [owner] = await db.query<FeedOwner>(OWNER, [tokenDigest(token)]);
  if (owner === undefined) return null;
  const today = todayIn(now, owner.time_zone);
  const [from, to] = [addDays(today, -DAYS_BACK), addDays(today, DAYS_AHEAD)];
  const row = await db.runRequest<{ events: string }>({
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
  const events = JSON.parse(row.events) as ScheduledAppointment[];
  return toICalendar(events, { timeZone: owner.time_zone, now: lastChange(events, from), redact: !owner.full_names });
}

export function registerCalendarFeedRoute(app: FastifyInstance, { db, onRequest }: { db: Database; onRequest: onRequestHookHandler[] }): void {
  app.get<{ Params: { file: string } }>('/calendar/v1/:file', { onRequest }, async (request, reply) => {
    const token = FEED_FILE.exec(request.params.file)?.[1];
    const document = token === undefined ? null : await feedDocument(db, token, new Date());
    if (document === null) throw notFound();
    const etag = `"${createHash('sha256').update(document).digest('base64url').slice(0, 27)}"`;
    // no-cache: a calendar app keeps its copy but asks each time, and a 304 costs it nothing.
    reply.headers({ etag, 'cache-control': 'private, no-cache', 'referrer-policy': 'no-referrer' });
    if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type('text/calendar; charset=utf-8').header('content-disposition', 'inline; filename="practice.ics"').send(document);
  });
}
