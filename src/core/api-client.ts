// The one way a command talks to the project: apikey + bearer + JSON on every request, the token
// renewed when it is about to expire or was refused, retries within --max-wait, and errors as ApiError.
import packageJson from '../../package.json' with { type: 'json' };
import { apiErrorFrom } from './api-error.js';
import { BadInputError, NotJsonResponseError } from './errors.js';
import { ConnectionError, type HttpResponse, type Transport } from './http.js';
import type { ProjectUrls } from './project-url.js';
import { query as newQuery, type Query } from './query-builder.js';
import { redactBody, redactHeader, redactUrl } from './redact.js';
import { backoffMs, MAX_ATTEMPTS, rateLimitResetMs, retryDelayMs, shouldRetry } from './retry.js';

/** Where the bearer token comes from: the profile's session (session.ts) or a token given outright. */
export interface Credentials {
  /** A token that is not about to expire; throws NotSignedInError when nobody is signed in. */
  accessToken(): Promise<string>;
  /** The server refused `rejected`: get another if possible; true when there is one to retry with. */
  renew(rejected: string): Promise<boolean>;
  /** The signed-in user's id (the therapist_id of their rows). */
  userId(): Promise<string>;
}

export interface ApiCall {
  method: string;
  /** From the project root: `/rest/v1/clients`, `/auth/v1/user`. */
  path: string;
  // Any row type: only the rendered query string is used here.
  query?: string | Query<any> | undefined;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is (with the caller's content-type), e.g. `practice api --input`. */
  rawBody?: Buffer | undefined;
  headers?: Record<string, string> | undefined;
  /** The signed-in user (default), nobody (apikey only), or a given token. */
  auth?: 'user' | 'none' | { bearer: string };
  /** Safe to send twice: reads are; so is a create whose rows carry their own ids. */
  idempotent?: boolean;
}

export interface ClientOptions {
  urls: ProjectUrls;
  anonKey: string;
  transport: Transport;
  now(): Date;
  /** Longest total time spent waiting to retry one request. */
  maxWaitMs: number;
  /** Writes one line to stderr: retry notices and, with verbose, the exchange. */
  log(line: string): void;
  /**
   * Only when stderr is a terminal: replaces its last line with `text` ('' clears it), so a wait
   * counts down in place. Without it a wait is one line.
   */
  redraw?: ((text: string) => void) | undefined;
  verbose: boolean;
  /**
   * Starts the service again when it refuses the connection (the local service, killed or stopped),
   * once a request; resolves with where it now listens, or null when it is not one this CLI starts.
   */
  revive?: (() => Promise<ServiceAddress | null>) | undefined;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

export interface ServiceAddress {
  urls: ProjectUrls;
  anonKey: string;
}

export class ApiResponse {
  constructor(readonly status: number, readonly statusText: string, readonly headers: Record<string, string | undefined>, readonly body: Buffer) {}

  text(): string {
    return this.body.toString('utf8');
  }

  /** The body as JSON; null when empty. */
  json<T>(): T {
    const text = this.text();
    if (text.trim() === '') return null as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new NotJsonResponseError(this.status);
    }
  }
}

interface Exchange {
  response: ApiResponse;
  /** An earlier try may have been applied (it broke off, or a gateway failed, after sending). */
  mayHaveApplied: boolean;
}

const USER_AGENT = `practice/${packageJson.version} node/${process.versions.node}`;
/** What the service's audit trail records a request as coming through (docs/audit.md). */
export type Surface = 'cli' | 'mcp' | 'import';
const clientInfoOf = (surface: Surface) => `practice-${surface}/${packageJson.version}`;
const READS = new Set(['GET', 'HEAD']);
/** What a wait for the server's rate limit says, whether a 429 asked for it or the last allowed request used the window up. */
const RATE_LIMITED = 'Rate limited by the server';
type LimitKind = 'read' | 'write' | 'auth';

const restPath = (table: string) => `/rest/v1/${encodeURIComponent(table)}`;

export class ApiClient {
  private credentials: Credentials | null = null;
  // Per kind of limit, when its window reopens after the server said none are left (pacing).
  private readonly exhaustedUntil = new Map<LimitKind, number>();
  // Where requests go: the options' address until a revived service listens elsewhere.
  private address: ServiceAddress;
  // X-Client-Info, the surface sending (as supabase-js names itself): the audit trail's channel.
  private clientInfo = clientInfoOf('cli');

  constructor(private readonly options: ClientOptions) {
    this.address = { urls: options.urls, anonKey: options.anonKey };
  }

  get urls(): ProjectUrls {
    return this.address.urls;
  }

  /** The project's anon key: public by design (a page for clients carries it). */
  get anonKey(): string {
    return this.address.anonKey;
  }

  /** Requests from here on name `surface` as their sender: the MCP server, an import. */
  sendAs(surface: Surface): void {
    this.clientInfo = clientInfoOf(surface);
  }

  useCredentials(credentials: Credentials): void {
    this.credentials = credentials;
  }

  async userId(): Promise<string> {
    return this.signedIn().userId();
  }

  /** Any request; a status of 400 or more throws ApiError. */
  async request(request: ApiCall): Promise<ApiResponse> {
    return ok((await this.exchange(request)).response);
  }

  /** Any request, the response returned whatever its status (`practice api` prints error bodies too). */
  async raw(request: ApiCall): Promise<ApiResponse> {
    return (await this.exchange(request)).response;
  }

  async select<Row>(table: string, query?: Query<Row>): Promise<Row[]> {
    return (await this.request({ method: 'GET', path: restPath(table), query, idempotent: true })).json<Row[]>();
  }

  /**
   * Inserts rows and returns them as stored. Rows that all carry an `id` are retried like a read; a
   * 409 after a try that may have gone through counts as done once a read finds every id.
   */
  async insert<Row>(table: string, rows: Partial<Row> | Partial<Row>[], select?: readonly string[]): Promise<Row[]> {
    const list = Array.isArray(rows) ? rows : [rows];
    const ids = list.map((row) => (row as { id?: unknown }).id);
    const ownIds = list.length > 0 && ids.every((id): id is string => typeof id === 'string' && id !== '');
    const { response, mayHaveApplied } = await this.exchange({
      method: 'POST', path: restPath(table), query: selectParam(select), body: rows,
      headers: { prefer: 'return=representation' }, idempotent: ownIds,
    });
    if (response.status === 409 && ownIds && mayHaveApplied) {
      const stored = await this.request({ method: 'GET', path: restPath(table), query: newQuery().in('id', ids), idempotent: true });
      if (stored.json<Row[]>().length === ids.length) return stored.json<Row[]>();
    }
    return ok(response).json<Row[]>();
  }

  async update<Row>(table: string, query: Query<Row>, changes: Partial<Row>, select?: readonly string[]): Promise<Row[]> {
    return this.write('PATCH', table, query, changes, select);
  }

  async remove<Row>(table: string, query: Query<Row>, select?: readonly string[]): Promise<Row[]> {
    return this.write('DELETE', table, query, undefined, select);
  }

  private async write<Row>(method: 'PATCH' | 'DELETE', table: string, query: Query<Row>, body: unknown, select?: readonly string[]): Promise<Row[]> {
    // A write without a filter would touch every row of the practice; refuse before sending.
    if (query.unfiltered) throw new BadInputError(`Refusing to ${method === 'PATCH' ? 'update' : 'delete'} every row of ${table}: no filter.`);
    const search = [query.toString(), selectParam(select)].filter(Boolean).join('&');
    const response = await this.request({ method, path: restPath(table), query: search, body, headers: { prefer: 'return=representation' } });
    return response.json<Row[]>() ?? [];
  }

  private signedIn(): Credentials {
    if (!this.credentials) throw new Error('ApiClient used before its credentials were set');
    return this.credentials;
  }

  private async exchange(request: ApiCall): Promise<Exchange> {
    const { now } = this.options;
    const deadline = now().getTime() + this.options.maxWaitMs;
    const safe = request.idempotent ?? READS.has(request.method);
    const kind: LimitKind = request.path.startsWith('/auth/') ? 'auth' : READS.has(request.method) ? 'read' : 'write';
    let mayHaveApplied = false;
    let renewed = false;
    let revived = false;
    for (let attempt = 0; ; attempt++) {
      const pause = (this.exhaustedUntil.get(kind) ?? 0) - now().getTime();
      // Worded as a 429's wait is: to the person both are the server's rate limit.
      if (pause > 0) await this.wait(pause, deadline, RATE_LIMITED);
      const token = await this.bearer(request);
      let http: HttpResponse;
      try {
        http = await this.send(request, token);
      } catch (err) {
        if (!(err instanceof ConnectionError)) throw err;
        // A refused connection sent nothing, so any request may go again once the service is back.
        if (err.reason === 'refused' && !revived && this.options.revive) {
          revived = true;
          const address = await this.options.revive();
          if (address) {
            this.address = address;
            continue;
          }
        }
        mayHaveApplied ||= err.maybeApplied;
        const retry = attempt + 1 < MAX_ATTEMPTS && shouldRetry(err, safe);
        if (!retry || !(await this.wait(backoffMs(attempt, this.options.random), deadline, err.message.replace(/\.$/, '')))) throw unsettled(err, safe);
        continue;
      }
      const response = new ApiResponse(http.status, http.statusText, http.headers, http.body);
      this.notePacing(kind, response.headers);
      const usersToken = request.auth === undefined || request.auth === 'user';
      if (usersToken && token && !renewed && refusesToken(response)) {
        renewed = true;
        if (await this.signedIn().renew(token)) continue;
      }
      if (attempt + 1 < MAX_ATTEMPTS && shouldRetry(response, safe)) {
        const delay = retryDelayMs(response.headers, attempt, now(), this.options.random);
        const reason = response.status === 429 ? RATE_LIMITED : `The server answered HTTP ${response.status}`;
        if (await this.wait(delay, deadline, reason)) {
          mayHaveApplied ||= response.status !== 429;
          continue;
        }
      }
      return { response, mayHaveApplied };
    }
  }

  private async bearer(request: ApiCall): Promise<string | null> {
    if (request.auth === 'none') return null;
    if (typeof request.auth === 'object') return request.auth.bearer;
    return this.signedIn().accessToken();
  }

  private async send(request: ApiCall, token: string | null): Promise<HttpResponse> {
    const search = request.query === undefined ? '' : String(request.query);
    const url = new URL(`${this.address.urls.root}${request.path}${search ? `?${search}` : ''}`);
    const headers: Record<string, string> = {
      apikey: this.address.anonKey,
      accept: 'application/json',
      'user-agent': USER_AGENT,
      'x-client-info': this.clientInfo,
    };
    if (token) headers.authorization = `Bearer ${token}`;
    let body = request.rawBody;
    if (request.body !== undefined && body === undefined) {
      body = Buffer.from(JSON.stringify(request.body));
      headers['content-type'] = 'application/json';
    }
    Object.assign(headers, request.headers);
    const started = this.options.now().getTime();
    if (this.options.verbose) this.logRequest(request.method, url, headers, body);
    let response: HttpResponse;
    try {
      response = await this.options.transport.send({ method: request.method, url, headers, body, site: this.address.urls.root });
    } catch (err) {
      if (this.options.verbose && err instanceof ConnectionError) this.logNoAnswer(err, this.options.now().getTime() - started);
      throw err;
    }
    if (this.options.verbose) this.logResponse(response, this.options.now().getTime() - started);
    return response;
  }

  /** After a response that says the window's requests are used up, later ones wait for it to reopen. */
  private notePacing(kind: LimitKind, headers: Record<string, string | undefined>): void {
    const remaining = headers['ratelimit-remaining'] ?? headers['x-ratelimit-remaining'];
    if (remaining?.trim() !== '0') return;
    const reset = rateLimitResetMs(headers['ratelimit-reset'] ?? headers['x-ratelimit-reset'], this.options.now());
    if (reset !== null) this.exhaustedUntil.set(kind, this.options.now().getTime() + reset);
  }

  /**
   * Sleeps `ms` if that ends before the deadline, saying why when it is long enough to notice: on a
   * terminal a countdown redrawn each second and cleared at the end, else one line.
   */
  private async wait(ms: number, deadline: number, reason: string): Promise<boolean> {
    if (this.options.now().getTime() + ms > deadline) return false;
    const sleep = this.options.sleep ?? defaultSleep;
    const { redraw } = this.options;
    const notice = (left: number) => `${reason}; retrying in ${Math.ceil(left / 1000)} s…`;
    if (ms < 1000) {
      await sleep(ms);
    } else if (!redraw) {
      this.options.log(notice(ms));
      await sleep(ms);
    } else {
      let left = ms;
      while (left > 0) {
        redraw(notice(left));
        // The first step takes the part second, so the count then falls on whole seconds.
        const step = left % 1000 || 1000;
        await sleep(step);
        left -= step;
      }
      redraw('');
    }
    return true;
  }

  private logRequest(method: string, url: URL, headers: Record<string, string>, body: Buffer | undefined): void {
    this.options.log(`> ${method} ${redactUrl(url)}`);
    for (const [name, value] of Object.entries(headers)) this.options.log(`> ${name}: ${redactHeader(name, value)}`);
    if (body?.length) this.options.log(`> ${redactBody(body.toString('utf8'))}`);
  }

  /** The failure underneath a ConnectionError, stack and all: only --verbose shows a stack. */
  private logNoAnswer(err: ConnectionError, ms: number): void {
    const cause = err.cause instanceof Error ? (err.cause.stack ?? err.cause.message) : err.message;
    this.options.log(`< no answer (${ms} ms): ${cause}`);
  }

  private logResponse(response: HttpResponse, ms: number): void {
    this.options.log(`< HTTP ${response.status} ${response.statusText} (${ms} ms)`);
    for (const [name, value] of Object.entries(response.headers)) this.options.log(`< ${name}: ${redactHeader(name, value ?? '')}`);
    if (response.body.length) this.options.log(`< ${redactBody(response.body.toString('utf8'))}`);
  }
}

/**
 * A 401 about the bearer token (PostgREST's PGRST30x, with `WWW-Authenticate: Bearer
 * error="invalid_token"`), which a renewed token may cure; not the gateway refusing the apikey.
 */
function refusesToken(response: ApiResponse): boolean {
  if (response.status !== 401) return false;
  if (response.headers['www-authenticate']?.includes('invalid_token')) return true;
  const code = (() => {
    try {
      return (JSON.parse(response.text()) as { code?: unknown }).code;
    } catch {
      return null;
    }
  })();
  return typeof code === 'string' && code.startsWith('PGRST30');
}

/** A write cut off mid-way may have been applied: say so rather than suggest running it again blindly. */
function unsettled(err: ConnectionError, safeToRepeat: boolean): ConnectionError {
  if (safeToRepeat || !err.maybeApplied) return err;
  const hint = 'The service may have stopped mid-request, after making the change or before: check (list or show the record) before running the command again.';
  return new ConnectionError(err.message, hint, err.transient, err.maybeApplied, err.reason);
}

function selectParam(select: readonly string[] | undefined): string | undefined {
  return select ? newQuery().select(select).toString() : undefined;
}

function ok(response: ApiResponse): ApiResponse {
  if (response.status < 400) return response;
  throw apiErrorFrom(response.status, response.statusText, response.headers, response.text());
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
