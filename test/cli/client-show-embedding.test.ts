// `practice client show` reads a client with their appointments and notes in one embedded request,
// and still works against a backend that refuses embedding: here a loopback proxy in front of the
// test server answers every embedding select as PostgREST does without the relationships (400
// PGRST200, or PGRST100), and passes everything else through.
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInHome } from '../helpers/cli.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { createWithApi } from '../helpers/signed-in-cli.js';

const REFUSALS = {
  PGRST200: {
    code: 'PGRST200', hint: null,
    details: "Searched for a foreign key relationship between 'clients' and 'appointments' in the schema 'public', but no matches were found.",
    message: "Could not find a relationship between 'clients' and 'appointments' in the schema cache",
  },
  PGRST100: {
    code: 'PGRST100', hint: null,
    details: 'unexpected "(" expecting letter, digit, "-", "->>", "->", "::", ".", "," or end of input',
    message: '"failed to parse select parameter (*,appointments(*),session_notes:sessions(*))" (line 1, column 15)',
  },
};

/** A proxy to `target` that refuses embedding with `refusal`, recording the REST requests it saw. */
async function refusingProxy(target: string, refusal: keyof typeof REFUSALS): Promise<{ url: string; seen: string[]; server: Server }> {
  const seen: string[] = [];
  const upstream = new URL(target);
  const server = createServer((incoming, outgoing) => {
    const url = incoming.url ?? '/';
    if (url.startsWith('/rest/')) seen.push(`${incoming.method} ${url.slice('/rest/v1'.length)}`);
    const select = new URL(url, target).searchParams.get('select') ?? '';
    if (url.startsWith('/rest/') && select.includes('(')) {
      outgoing.writeHead(400, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(REFUSALS[refusal]));
      return;
    }
    const forward = httpRequest({ host: upstream.hostname, port: upstream.port, method: incoming.method, path: url, headers: incoming.headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server };
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ recordRequests: true });
});
afterAll(() => server.close());

/** A signed-in CLI home against `url`, with Gus, one appointment and its note. */
async function gusAt(url: string) {
  const home = await signedInHome(url, server.keys.anonKey);
  const gus = await createWithApi(home, 'clients', { name: 'Gus Hale', phone: '555-0177' });
  const visit = await createWithApi(home, 'appointments', { client_id: gus.id, date: '2025-03-04', start_time: '10:00', end_time: '11:00', status: 'completed' });
  await createWithApi(home, 'sessions', { client_id: gus.id, appointment_id: visit.id, subjective: 'Stiff neck' });
  return { home, gus, visit };
}

describe('client show', () => {
  it('reads the client, appointments and notes in one request', async () => {
    const { home, gus, visit } = await gusAt(server.url);
    server.received.length = 0;
    const result = await home.run(['client', 'show', gus.id, '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ id: gus.id, name: 'Gus Hale', last_visits: [{ id: visit.id, start_time: '10:00' }], upcoming: [] });
    const reads = server.received.filter((r) => r.url.startsWith('/rest/v1/clients?select=*,'));
    expect(reads).toHaveLength(1);
    expect(reads[0]!.url).toMatch(new RegExp(`^/rest/v1/clients\\?select=\\*,last_visits:appointments\\(\\*,service:service_menu\\(name\\)\\),upcoming:appointments\\(\\*,service:service_menu\\(name\\)\\),session_notes:sessions\\(\\*\\)&id=eq\\.${gus.id}&`));
    expect(server.received.some((r) => r.url.startsWith('/rest/v1/appointments') || r.url.startsWith('/rest/v1/sessions'))).toBe(false);
    await home.cleanup();
  });

  it.each(['PGRST200', 'PGRST100'] as const)('falls back to three requests when the backend refuses embedding with %s', async (code) => {
    const proxy = await refusingProxy(server.url, code);
    try {
      const { home, gus, visit } = await gusAt(proxy.url);
      proxy.seen.length = 0;
      const result = await home.run(['client', 'show', gus.id, '--json']);
      expect(result.code, result.stderr).toBe(0);
      const shown = JSON.parse(result.stdout);
      expect(shown).toMatchObject({ id: gus.id, name: 'Gus Hale', last_visits: [{ id: visit.id, service: null }], upcoming: [] });
      expect(Object.keys(shown).slice(-5)).toEqual(['last_accessed', 'balance', 'last_visits', 'upcoming', 'session_notes']);
      expect(proxy.seen.filter((line) => line.includes('select=*,last_visits:appointments('))).toHaveLength(1);
      expect(proxy.seen).toEqual(expect.arrayContaining([
        `GET /clients?id=eq.${gus.id}`,
        `GET /appointments?status=eq.completed&order=date.desc,start_time.desc&limit=5&client_id=eq.${gus.id}`,
        expect.stringMatching(new RegExp(`^GET /appointments\\?status=in\\.\\(requested,scheduled,confirmed\\)&date=gte\\.[\\d-]+&order=date\\.asc,start_time\\.asc&limit=5&client_id=eq\\.${gus.id}$`)),
        `GET /sessions?client_id=eq.${gus.id}&order=created_at.desc&limit=5`,
      ]));
      const text = await home.run(['client', 'show', gus.id]);
      expect(text.stdout).toContain('Last visits\n  2025-03-04 10:00-11:00  ');
      expect(text.stdout).toContain('S: Stiff neck');
      await home.cleanup();
    } finally {
      proxy.server.close();
    }
  });
});
