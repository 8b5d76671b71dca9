// bench/server's calendar feed case (issue 31.8): GET /calendar/v1/<token>.ics, the practice's window
// of ~200 days as iCalendar, beside the plain REST list of the same days, in alternating slices:
// within 2x of the list's time per request.
import { createHash, randomBytes } from 'node:crypto';
import { addDays, todayIn } from '../../src/model/when.js';
import { combineSlices, runLoad, type LoadResult } from './wrk.js';

/** The feed may cost at most this many times the plain list of its days. */
const FEED_GOAL = 2;
const TIME_ZONE = 'Europe/Berlin';
// The window of src/server/http/calendar-feed.ts.
const DAYS_BACK = 30;
const DAYS_AHEAD = 180;
const ROUNDS = 5;

interface FeedRow {
  store: string;
  connections: number;
  result: LoadResult;
  ceiling: null;
  goal: string;
  met: boolean;
}

/** A feed for the seeded practice; the server keeps only the token's digest. */
async function makeFeed(url: string, headers: Record<string, string>): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const response = await fetch(`${url}/rest/v1/calendar_feeds`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ token_digest: createHash('sha256').update(token).digest('hex'), time_zone: TIME_ZONE }),
  });
  if (response.status !== 201) throw new Error(`making the feed: ${response.status} ${await response.text()}`);
  return `${url}/calendar/v1/${token}.ics`;
}

/** The plain list and the feed of the same days at `connections`, in alternating slices. */
export async function benchFeed(store: string, url: string, headers: Record<string, string>, connections: number, seconds: number): Promise<FeedRow[]> {
  const feedUrl = await makeFeed(url, headers);
  const today = todayIn(new Date(), TIME_ZONE);
  const listUrl = `${url}/rest/v1/appointments?date=gte.${addDays(today, -DAYS_BACK)}&date=lte.${addDays(today, DAYS_AHEAD)}&order=date.asc,start_time.asc`;
  const slice = (target: string, sliceHeaders: Record<string, string>) =>
    runLoad({ url: target, headers: sliceHeaders, connections, warmupSeconds: 1, seconds: Math.max(1, Math.round(seconds / ROUNDS)) });
  const lists: LoadResult[] = [];
  const feeds: LoadResult[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    lists.push(await slice(listUrl, headers));
    // A calendar app sends no apikey and no token: the URL is the credential.
    feeds.push(await slice(feedUrl, {}));
  }
  const [list, feed] = [combineSlices(lists), combineSlices(feeds)];
  const slower = list.rps / feed.rps;
  return [
    { store: `${store} list ${DAYS_BACK + DAYS_AHEAD + 1} days`, connections, result: list, ceiling: null, goal: 'baseline of feed', met: list.errors === 0 },
    { store: `${store} feed`, connections, result: feed, ceiling: null, goal: `<= ${FEED_GOAL}x list (${slower.toFixed(2)}x)`, met: feed.errors === 0 && slower <= FEED_GOAL },
  ];
}
