// Test fixtures over real HTTP: a small client bound to one caller (a therapist, or just the apikey,
// or any headers) and creators of the records a test needs, each returning the stored row.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { signAccessToken } from '../../src/server/auth/tokens.js';
import type { TestServer, Therapist } from './server.js';

// Rows are whatever JSON the service answers; tests compare them field by field.
export type Row = Record<string, any>;

export interface Reply {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or null when the body was empty. */
    body: any;
  text: string;
}

export interface Caller {
  headers: Record<string, string>;
  request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Reply>;
  get(path: string, headers?: Record<string, string>): Promise<Reply>;
  head(path: string, headers?: Record<string, string>): Promise<Reply>;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Reply>;
  patch(path: string, body: unknown, headers?: Record<string, string>): Promise<Reply>;
  delete(path: string, headers?: Record<string, string>): Promise<Reply>;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|\+00:00|\+00)$/;
export const JSON_TYPE = /^application\/json(;\s*charset=utf-8)?$/i;
export const REPRESENTATION = { prefer: 'return=representation' };
export const SINGLE = { accept: 'application/vnd.pgrst.object+json' };

/** A body sent as a string goes out verbatim (for malformed JSON); anything else as JSON. */
export function caller(server: Pick<TestServer, 'rest'>, headers: Record<string, string>): Caller {
  const request = async (method: string, path: string, body?: unknown, extra: Record<string, string> = {}) => {
    const init: RequestInit = { method, headers: { ...headers, ...extra } };
    if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
    const response = await fetch(`${server.rest}${path}`, init);
    const text = await response.text();
    let parsed: unknown = null;
    if (text !== '') {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    return { status: response.status, headers: response.headers, body: parsed, text };
  };
  return {
    headers,
    request,
    get: (path, extra) => request('GET', path, undefined, extra),
    head: (path, extra) => request('HEAD', path, undefined, extra),
    post: (path, body, extra) => request('POST', path, body, extra),
    patch: (path, body, extra) => request('PATCH', path, body, extra),
    delete: (path, extra) => request('DELETE', path, undefined, extra),
  };
}

export interface Practice extends Caller {
  id: string;
  token: string;
}

/** A fresh practice (therapist) with a caller carrying its apikey + bearer token. */
export async function practice(server: TestServer): Promise<Practice> {
  const therapist: Therapist = await server.therapist();
  return { ...caller(server, therapist.headers), id: therapist.id, token: therapist.token };
}

/** The apikey alone: the anon role, no user. */
export function anonymous(server: Pick<TestServer, 'rest' | 'keys'>): Caller {
  return caller(server, { apikey: server.keys.anonKey, 'content-type': 'application/json' });
}

/** A token for `sub` that expired an hour ago (well past the 30 s of tolerated clock skew). */
export async function expiredCaller(server: TestServer, sub: string): Promise<Caller> {
  const { token } = await signAccessToken(server.keys.jwtSecret, { sub }, 3600, new Date(Date.now() - 2 * 3600_000));
  return caller(server, { apikey: server.keys.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' });
}

/** A well-formed token for `sub`, signed with a secret that is not the server's. */
export async function forgedCaller(server: TestServer, sub: string): Promise<Caller> {
  const { token } = await signAccessToken(`not-the-server-secret-${randomUUID()}`, { sub });
  return caller(server, { apikey: server.keys.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' });
}

/** POST with return=representation that must succeed; the created rows. */
export async function insert(who: Caller, table: string, body: Row | Row[]): Promise<Row[]> {
  const reply = await who.post(`/${table}`, body, REPRESENTATION);
  if (reply.status !== 201) {
    throw new Error(`creating ${table} failed: ${reply.status} ${reply.text}`);
  }
  return reply.body as Row[];
}

async function insertOne(who: Caller, table: string, body: Row): Promise<Row> {
  const [row] = await insert(who, table, body);
  return row!;
}

/** GET that must succeed; the rows. */
export async function rows(who: Caller, path: string): Promise<Row[]> {
  const reply = await who.get(path);
  if (reply.status !== 200) throw new Error(`GET ${path} failed: ${reply.status} ${reply.text}`);
  return reply.body as Row[];
}

export const createClient = (who: Caller, fields: Row = {}) =>
  insertOne(who, 'clients', { name: 'Ann Lee', phone: '555-0101', ...fields });

export const createService = (who: Caller, fields: Row = {}) =>
  insertOne(who, 'service_menu', { name: `Swedish 60 ${randomUUID().slice(0, 8)}`, duration: 60, price: 80, ...fields });

/** An appointment for `client` (created when absent); defaults to 2025-03-10 09:00-10:00. */
export async function createAppointment(who: Caller, fields: Row = {}): Promise<Row> {
  const clientId = fields.client_id ?? (await createClient(who)).id;
  return insertOne(who, 'appointments', {
    date: '2025-03-10',
    start_time: '09:00',
    end_time: '10:00',
    ...fields,
    client_id: clientId,
  });
}

export const createNote = (who: Caller, fields: Row) =>
  insertOne(who, 'sessions', { subjective: 'Tight shoulders', ...fields });

export const createHours = (who: Caller, fields: Row = {}) =>
  insertOne(who, 'business_hours', { day_of_week: 'monday', open_time: '09:00', close_time: '17:00', ...fields });

export const createExpense = (who: Caller, fields: Row = {}) =>
  insertOne(who, 'expenses', { date: '2025-03-01', amount: 42.5, category: 'supplies', ...fields });

export const createMessage = (who: Caller, fields: Row) =>
  insertOne(who, 'conversation_log', { role: 'client', message: 'Can I book Monday?', ...fields });

/**
 * Asserts a REST error: the status, `application/json`, a body of exactly `{code, details, hint,
 * message}` (strings or null; message a non-empty string) and the code. Returns the body.
 */
export function expectError(reply: Reply, status: number, code: string): Row {
  expect({ status: reply.status, code: reply.body?.code }, reply.text).toEqual({ status, code });
  expect(reply.headers.get('content-type')).toMatch(JSON_TYPE);
  expect(Object.keys(reply.body).sort()).toEqual(['code', 'details', 'hint', 'message']);
  expect(reply.body.message).toEqual(expect.any(String));
  expect(reply.body.message).not.toBe('');
  for (const key of ['details', 'hint']) {
    expect(reply.body[key] === null || typeof reply.body[key] === 'string', `${key} is a string or null`).toBe(true);
  }
  return reply.body as Row;
}
