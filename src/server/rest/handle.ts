// One REST request through the pipeline: authenticate -> parse -> plan -> SQL -> run -> respond.
// Every failure on the way is left to the app's single error handler.
import type { Database } from '../db/database.js';
import type { SchemaCache } from '../db/schema-cache.js';
import { failures } from '../errors.js';
import type { Identity } from '../auth/verify.js';
import { optionsResponse } from './allow.js';
import { parsePrefer, parseRangeHeader } from './parse-prefer.js';
import { parseQuery } from './parse-query.js';
import { planRequest, type Plan, type PlanInput } from './plan.js';
import { negotiateMedia } from './negotiate.js';
import { negotiatedProfile } from './profile.js';
import { PreparedReads, type PreparedRequest, type RequestShape } from './prepared-reads.js';
import { parseRequestBody } from './request-body.js';
import { commitDecision, toResponse, type RestResponse } from './respond.js';
import { planCall } from './rpc-plan.js';
import { callStatement } from './rpc-sql.js';
import { toStatement, type ResultRow } from './sql.js';
import { readsNotes, recordingNoteReads } from '../audit/note-reads.js';

export interface RestRequest {
  method: string;
  table: string;
  /** `rpc/<name>`: the function called; `table` is then unused. */
  routine?: string | undefined;
  /** The raw query string, without `?`. */
  search: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The raw body text of POST and PATCH. */
  body: string | undefined;
  identity: Identity;
  /** Aborted when the client disconnects before its answer. */
  signal?: AbortSignal | undefined;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS']);
const WITH_BODY = new Set(['POST', 'PATCH', 'PUT']);
// Headers worth exposing to SQL as request.headers; credentials stay out of the database.
const SQL_VISIBLE_HEADERS = ['user-agent', 'prefer', 'accept', 'content-type', 'x-client-info'];

function header(headers: RestRequest['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

function sqlVisibleHeaders(headers: RestRequest['headers']): Record<string, string> {
  const visible: Record<string, string> = {};
  for (const name of SQL_VISIBLE_HEADERS) {
    const value = header(headers, name);
    if (value !== undefined) visible[name] = value;
  }
  return visible;
}

// A read of notes writes its audit record in its own transaction (audit/note-reads.ts).
const isReadOnly = (plan: Plan) => (plan.kind === 'read' || (plan.kind === 'call' && plan.readOnly)) && !readsNotes(plan);

/** parse -> plan -> SQL, every stage pure. */
function prepare(schema: SchemaCache, request: RestRequest, shape: RequestShape): PreparedRequest {
  const { method, accept } = shape;
  const media = negotiateMedia(accept);
  const prefer = parsePrefer(shape.prefer);
  if (request.routine !== undefined) {
    const plan = planCall(schema, {
      name: request.routine, method, search: shape.search, prefer,
      bodyText: method === 'POST' ? request.body : undefined, contentType: header(request.headers, 'content-type'),
      // PostgREST takes Range only on a GET (ApiRequest.hs getRanges), a call's as a read's.
      range: method === 'GET' ? parseRangeHeader(shape.range) : null, single: media === 'single', csv: media === 'csv',
    });
    return { plan, statement: callStatement(plan), prefer };
  }
  const input: PlanInput = {
    method: method as PlanInput['method'],
    table: request.table,
    query: parseQuery(shape.search),
    prefer,
    range: parseRangeHeader(shape.range),
    body: WITH_BODY.has(method) ? parseRequestBody(request.body, header(request.headers, 'content-type')) : undefined,
    single: media === 'single',
    csv: media === 'csv',
    userId: shape.userId,
  };
  const plan = planRequest(schema, input);
  return { plan, statement: toStatement(plan), prefer };
}

/** The pipeline over one store and schema, remembering the reads it prepared. */
export function restHandler(db: Database, schema: SchemaCache): (request: RestRequest) => Promise<RestResponse> {
  const reads = new PreparedReads();
  return async (request) => {
    const method = request.method.toUpperCase();
    if (!METHODS.has(method)) throw failures.methodNotAllowed(method);
    // Before the memory of reads: a remembered read must not answer a schema it does not serve.
    const profile = negotiatedProfile(method, request.headers);
    // No transaction for OPTIONS: the schema cache knows what a resource takes.
    if (method === 'OPTIONS') return optionsResponse(schema, request);
    const shape: RequestShape = {
      method,
      path: request.path,
      search: request.search,
      userId: request.identity.userId,
      role: request.identity.role,
      accept: header(request.headers, 'accept') ?? '*/*',
      prefer: header(request.headers, 'prefer'),
      range: method === 'GET' || request.routine !== undefined ? header(request.headers, 'range') : undefined,
    };
    let prepared = reads.recall(shape);
    if (prepared === undefined) {
      prepared = recordingNoteReads(prepare(schema, request, shape), request.search);
      reads.remember(shape, prepared);
    }
    const { plan, statement, prefer } = prepared;
    const row = await db.runRequest<ResultRow>({
      readOnly: isReadOnly(plan),
      signal: request.signal,
      identity: {
        role: request.identity.role,
        userId: request.identity.userId,
        claimsJson: request.identity.claimsJson,
        method,
        path: request.path,
        headers: sqlVisibleHeaders(request.headers),
        timeZone: prefer.timezone,
      },
      statement,
      commitIf: commitDecision(plan, prefer),
    });
    const response = toResponse(plan, row, prefer);
    if (profile !== null) response.headers['content-profile'] = profile;
    return response;
  };
}
