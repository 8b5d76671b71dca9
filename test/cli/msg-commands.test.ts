// `practice msg list/add` end to end: the exact query string INTERFACE.md gives for the log, clients
// named by name or id prefix, roles and channels checked before sending (exit 2), the log append-only.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInHome } from '../helpers/cli.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let home: Awaited<ReturnType<typeof signedInHome>>;
let ann: { id: string; name: string };
let jurgen: { id: string; name: string };

beforeAll(async () => {
  server = await startTestServer({ recordRequests: true });
  home = await signedInHome(server.url, server.keys.anonKey);
  for (const name of ['Ann Lee', 'Bob Stone', 'Bob Marsh', 'Jürgen Groß']) {
    const created = await home.run(['api', 'POST', 'clients', '-f', `name=${name}`, '-H', 'Prefer: return=representation']);
    if (name === 'Ann Lee') ann = JSON.parse(created.stdout)[0];
    if (name === 'Jürgen Groß') jurgen = JSON.parse(created.stdout)[0];
  }
});

afterAll(async () => {
  await home.cleanup();
  await server.close();
});

beforeEach(() => {
  server.received.length = 0;
});

const logRequests = () => server.received.filter((request) => request.url.startsWith('/rest/v1/conversation_log'));

describe('practice msg', () => {
  it('adds messages to a client named by name, channel chat by default', async () => {
    const first = await home.run(['msg', 'add', '--client', 'ann', '--role', 'client', '--channel', 'sms', '--message', 'Running 10 min late', '--json']);
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ client_id: ann.id, role: 'client', channel: 'sms', message: 'Running 10 min late' });
    expect(first.stderr).toContain("Added a client message to Ann Lee's log.");
    expect(logRequests()).toEqual([{ method: 'POST', url: '/rest/v1/conversation_log' }]);

    const second = await home.run(['msg', 'add', '--client', ann.id.slice(0, 8), '--role', 'therapist', '--message', 'No problem, see you soon', '--json', 'role,channel']);
    expect(JSON.parse(second.stdout)).toEqual({ role: 'therapist', channel: 'chat' });
  });

  it('lists the log newest first with the query INTERFACE.md gives, id breaking ties so pages never overlap', async () => {
    const result = await home.run(['msg', 'list', '--client', 'Ann Lee', '--limit', '5']);
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.split('\n').filter(Boolean).map((line) => line.split('\t'));
    expect(lines.map((line) => line.slice(1))).toEqual([
      ['therapist', 'chat', 'No problem, see you soon'],
      ['client', 'sms', 'Running 10 min late'],
    ]);
    expect(lines[0]![0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(logRequests()).toEqual([{ method: 'GET', url: `/rest/v1/conversation_log?client_id=eq.${ann.id}&order=created_at.desc,id.asc&limit=5` }]);

    server.received.length = 0;
    const json = await home.run(['msg', 'list', '--client', ann.id, '--json', 'message']);
    expect(JSON.parse(json.stdout)).toEqual([{ message: 'No problem, see you soon' }, { message: 'Running 10 min late' }]);
    expect(logRequests()).toEqual([{ method: 'GET', url: `/rest/v1/conversation_log?client_id=eq.${ann.id}&order=created_at.desc,id.asc&select=message&limit=20` }]);
  });

  it('prints CSV with the id first, so a script can name each message', async () => {
    const csv = await home.run(['msg', 'list', '--client', 'Ann Lee', '--format', 'csv']);
    expect(csv.code, csv.stderr).toBe(0);
    const [header, ...records] = csv.stdout.trimEnd().split('\r\n');
    expect(header).toBe('id,created_at,role,channel,message');
    expect(records).toHaveLength(2);
    for (const record of records) expect(record).toMatch(/^[0-9a-f-]{36},\d{4}-\d{2}-\d{2}T/);
  });

  it('finds the client named with case and accents ignored, as client search does: --client jurgen is Jürgen', async () => {
    const added = await home.run(['msg', 'add', '--client', 'jurgen', '--role', 'therapist', '--message', 'Hallo', '--json', 'client_id']);
    expect(added.code, added.stderr).toBe(0);
    expect(JSON.parse(added.stdout)).toEqual({ client_id: jurgen.id });
    expect(added.stderr).toContain("to Jürgen Groß's log.");
  });

  it('lists the candidates when a name matches several clients', async () => {
    const result = await home.run(['msg', 'list', '--client', 'bob']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--client: 'bob' matches 2 clients:");
    expect(logRequests()).toEqual([]);
  });

  it('refuses bad input naming the flag, before sending anything (exit 2)', async () => {
    for (const [args, message] of [
      [['add', '--client', 'Ann', '--role', 'robot', '--message', 'hi'], "option '--role <role>' argument 'robot' is invalid. Allowed choices are client, therapist, assistant."],
      [['add', '--client', 'Ann', '--role', 'client', '--channel', 'fax', '--message', 'hi'], "argument 'fax' is invalid"],
      [['add', '--client', 'Ann', '--role', 'client', '--message', '   '], '--message: must not be empty'],
      [['add', '--client', 'Ann', '--message', 'hi'], "required option '--role <role>' not specified"],
      [['list', '--client', 'Ann', '--limit', '0'], '--limit: expected a whole number of 1 or more'],
      [['list'], "required option '--client <client>' not specified"],
    ] as const) {
      const result = await home.run(['msg', ...args]);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toContain(message);
      expect(result.stdout).toBe('');
    }
    expect(server.received.filter((request) => request.url.startsWith('/rest/v1/'))).toEqual([]);
  });
});
