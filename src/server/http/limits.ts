// Every limit on what a request, or a client, may ask of the service (DESIGN.md section 4), in one
// table, so that the numbers enforced, documented and tested are the same ones. No imports: the CLI reads it.

/** The largest request body read (413 past it). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The longest request target, path and query (414 past it). An `in.()` list of 1000 quoted uuids,
 * the most the query parser accepts, is about 45 KB once percent-encoded, and must fit.
 */
export const URL_LIMIT_BYTES = 64 * 1024;

/**
 * Node's own cap on the request line plus headers (its default is 16 KiB), past which it answers 431
 * before the service sees the request. Raised far above the URL limit so a long URL meets ours.
 */
export const HEADER_LIMIT_BYTES = 1024 * 1024;

/** The deepest nesting of objects and arrays in a JSON body (400 past it). Records are flat. */
export const JSON_DEPTH_LIMIT = 32;

/**
 * The most rows one bulk insert may carry (400 past it). Above the 1000-row read cap on purpose:
 * PROTOCOL.md keeps writes uncapped by it, so an import can send 1000 rows and read them all back;
 * the 1 MiB body limit usually binds first.
 */
export const INSERT_ROWS_LIMIT = 5000;

export interface RateLimitSettings {
  /** GET and HEAD on /rest/v1 per user a minute; 0 turns the limit off. */
  readsPerMinute: number;
  /** POST, PATCH and DELETE on /rest/v1 per user a minute; 0 turns the limit off. */
  writesPerMinute: number;
  /** Requests to /auth/v1 per client IP a minute; 0 turns the limit off. */
  authPerMinute: number;
  /** Booking requests (rpc/booking_request) per client IP an hour; 0 off; default 5 while any limit above is on. */
  bookingRequestsPerHour?: number;
}

/** INTERFACE.md section 8. */
export const DEFAULT_RATE_LIMITS: RateLimitSettings = { readsPerMinute: 100, writesPerMinute: 30, authPerMinute: 10 };

/** How long a client may take, and how many connections it may hold (slow clients, issue 25.4). */
export interface ConnectionSettings {
  /** Seconds for a request's line and headers to arrive (408 past it). */
  headersTimeout: number;
  /** Seconds for a whole request, headers and body, to arrive (408 past it). */
  requestTimeout: number;
  /** Connections one client address may hold open at once; 0 turns the cap off. */
  connectionsPerIp: number;
}

export const DEFAULT_CONNECTION_SETTINGS: ConnectionSettings = { headersTimeout: 10, requestTimeout: 30, connectionsPerIp: 100 };

/** Seconds an idle kept-alive connection waits for its next request (Node's default; fastify's is 72). */
export const KEEP_ALIVE_TIMEOUT_SECONDS = 5;
