// One REST request through the pipeline: authenticate -> parse -> plan -> SQL -> run -> respond.
// Every failure on the way is left to the app's single error handler.
import type { Database } from '../db/database.js';
import type { SchemaCache } from '../db/schema-cache.js';
import { failures } from '../errors.js';
import type { Identity } from '../auth/verify.js';
import { parseJsonBody } from '../http/json-body.js';
import { parsePrefer, parseRangeHeader } from './parse-prefer.js';
import { parseQuery } from './parse-query.js';
import { planRequest, type PlanInput } from './plan.js';
import { commitDecision, toResponse, type RestResponse } from './respond.js';
import { toStatement, type ResultRow } from './sql.js';

export interface RestRequest {
  method: string;
  table: string;
  /** The raw query string, without `?`. */
  search: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The raw body text of POST and PATCH. */
  body: string | undefined;
  identity: Identity;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PATCH', 'DELETE']);
const ACCEPTABLE = /(^|,)\s*(\*\/\*|application\/\*|application\/json|application\/vnd\.pgrst\.object(\+json)?)\s*(;|,|$)/i;
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

function parseBody(text: string | undefined): unknown {
  return parseJsonBody(text, () => failures.invalidBody('Empty or invalid json'));
}

export async function handleRest(db: Database, schema: SchemaCache, request: RestRequest): Promise<RestResponse> {
  const method = request.method.toUpperCase();
  if (!METHODS.has(method)) throw failures.methodNotAllowed(method);
  const accept = header(request.headers, 'accept') ?? '*/*';
  if (!ACCEPTABLE.test(accept)) throw failures.unacceptable(accept);

  const prefer = parsePrefer(header(request.headers, 'prefer'));
  const input: PlanInput = {
    method: method as PlanInput['method'],
    table: request.table,
    query: parseQuery(request.search),
    prefer,
    range: method === 'GET' ? parseRangeHeader(header(request.headers, 'range')) : null,
    body: method === 'POST' || method === 'PATCH' ? parseBody(request.body) : undefined,
    single: /application\/vnd\.pgrst\.object/i.test(accept),
    userId: request.identity.userId,
  };
  const plan = planRequest(schema, input);
  const row = await db.runRequest<ResultRow>({
    readOnly: plan.kind === 'read',
    identity: {
      role: request.identity.role,
      claimsJson: request.identity.claimsJson,
      method,
      path: request.path,
      headers: sqlVisibleHeaders(request.headers),
    },
    statement: toStatement(plan),
    commitIf: commitDecision(plan),
  });
  return toResponse(plan, row, prefer);
}
