// Issue 25.3: the gate checks what the router serves. Every route the router matches, walked with
// the spellings a router may take for it (percent-encoded letters, doubled and trailing slashes,
// other case), sent raw (node:http, so no client normalises the path): without an apikey, and with
// a valid user token, each is refused (401) or not found (404), never served.
import { request as httpRequest } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.js';

const server = await startTestServer();
afterAll(() => server.close());

/** The router's routes as [method, path] pairs, read from fastify's printRoutes tree. */
function routesOf(tree: string): Array<[string, string]> {
  const routes: Array<[string, string]> = [];
  const parents: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (parents[depth - 1] ?? '') + match[2]!;
    parents[depth] = path;
    for (const method of match[3]?.split(', ') ?? []) routes.push([method, path]);
  }
  return routes;
}

const ALL_ROUTES = routesOf(server.app.printRoutes({ commonPrefix: false }))
  // A preflight, and any OPTIONS off /rest/v1, is answered before the gate (cors.ts); rest-options.test.ts shows the rest gated.
  .filter(([method]) => method !== 'OPTIONS');

// Outside the gate on purpose: a browser opening the booking page and a calendar app polling its feed
// send no apikey (the feed's secret token is its credential; the page calls rpc/ with the anon key).
// Their own tests show what they serve (booking-page, calendar-feed); a new route outside /rest, /auth
// and /admin must be named here.
// Each answers HEAD as GET (a link checker, a calendar app asking whether the feed changed).
const PUBLIC_ROUTES = ['GET /book/:slug', 'GET /calendar/v1/:file', 'HEAD /book/:slug', 'HEAD /calendar/v1/:file'];

const ROUTES = ALL_ROUTES
  .filter(([method, path]) => !PUBLIC_ROUTES.includes(`${method} ${path}`))
  .map(([method, path]) => [method, path.replace(':table', 'clients').replace(':fn', 'practice_schema_version')] as [string, string]);

it('serves outside the gate only the booking page and the calendar feed', () => {
  expect(ALL_ROUTES.map(([method, path]) => `${method} ${path}`).filter((route) => !/^\S+ \/(rest|auth|admin)\/v1\//.test(route)).sort())
    .toEqual(PUBLIC_ROUTES);
});

const percentEncoded = (char: string) => `%${char.charCodeAt(0).toString(16)}`;

/** Spellings of a path that a router might take for it. */
function variants(path: string): string[] {
  const segments = path.split('/');
  return [
    path,
    path.replace(/[a-z]/, percentEncoded), // /%72est/v1/clients
    path.replace(/[a-z]/, (char) => percentEncoded(char).toUpperCase()), // %6C as well as %6c
    path.replace(/[a-z]/g, percentEncoded), // every letter
    path.replace(/v1/, `${percentEncoded('v')}1`),
    path.replace(/[a-z]+$/, (last) => last.replace(/[a-z]/, percentEncoded)), // the last segment
    `/${path}`, // //rest/v1/clients
    segments.join('//'),
    `${path}/`,
    path.toUpperCase(),
    path.replace(/^\/[a-z]/, (start) => start.toUpperCase()),
    `/x/..${path}`,
    `/.${path}`,
    `${path};x`,
    path.replace('/v1', '%2Fv1'), // /rest%2Fv1/clients
  ];
}

function send(method: string, path: string, headers: Record<string, string>): Promise<number> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, method, path, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(method === 'POST' || method === 'PUT' || method === 'PATCH' ? '{}' : undefined);
  });
}

it('walks every route the router matches', () => {
  // The walk below is only as good as this list: it must hold both APIs and the admin route.
  expect(ROUTES.map(([method, path]) => `${method} ${path}`)).toEqual(
    expect.arrayContaining(['GET /rest/v1/clients', 'POST /auth/v1/signup', 'POST /auth/v1/token', 'GET /admin/v1/backup']),
  );
});

describe.each(ROUTES)('%s %s', (method, path) => {
  it('no spelling of it is served without an apikey', async () => {
    const { headers } = await server.therapist();
    const { apikey: _, ...withoutKey } = headers;
    const served: string[] = [];
    for (const variant of variants(path)) {
      const status = await send(method, variant, withoutKey);
      if (status !== 401 && status !== 404) served.push(`${variant} -> ${status}`);
    }
    expect(served).toEqual([]);
  });

  it('with the apikey, the plain spelling is served (the walk reaches the handler)', async () => {
    const { headers } = await server.therapist();
    const status = await send(method, path, { ...headers, apikey: server.keys.serviceKey, authorization: `Bearer ${server.keys.serviceKey}` });
    expect(status).not.toBe(401);
    expect(status).not.toBe(404);
  });
});
