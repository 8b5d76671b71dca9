// GET /admin/v1/backup (src/server/http/admin-routes.ts): the snapshot behind `practice server
// backup` of a running server. The service key only; a PostgreSQL store is pg_dump's to back up.
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient, practice, rows } from '../helpers/fixtures.js';
import { call, startTestServer } from '../helpers/server.js';

const server = await startTestServer();
afterAll(() => server.close());

const backup = (key: string, token = key) => fetch(`${server.url}/admin/v1/backup`, { headers: { apikey: key, authorization: `Bearer ${token}` } });

describe('GET /admin/v1/backup', () => {
  it('needs the apikey, and refuses anon (401) and a signed-in user (403)', async () => {
    expect((await call(`${server.url}/admin/v1/backup`)).status).toBe(401);
    const anon = await call(`${server.url}/admin/v1/backup`, { headers: { apikey: server.keys.anonKey } });
    expect([anon.status, anon.body.code]).toEqual([401, '42501']);
    const { token } = await server.therapist();
    const user = await call(`${server.url}/admin/v1/backup`, { headers: { apikey: server.keys.anonKey, authorization: `Bearer ${token}` } });
    expect([user.status, user.body.code, user.body.hint]).toEqual([403, '42501', 'Send the service key as apikey and bearer token.']);
  });

  it.runIf(server.db.kind === 'pglite')('answers the service key with a gzipped tar of the data files (PGlite)', async () => {
    const response = await backup(server.keys.serviceKey);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/gzip');
    const tar = gunzipSync(Buffer.from(await response.arrayBuffer()));
    // A POSIX tar header carries 'ustar' at byte 257; PG_VERSION is among the entries.
    expect(tar.subarray(257, 262).toString('latin1')).toBe('ustar');
    expect(tar.includes(Buffer.from('PG_VERSION'))).toBe(true);
  });

  it.runIf(server.db.kind === 'pglite')('records the backup in each practice\'s trail before the snapshot, the chain whole', async () => {
    const who = await practice(server);
    await createClient(who, { name: 'Ann' });
    const response = await fetch(`${server.url}/admin/v1/backup`, {
      headers: { apikey: server.keys.serviceKey, authorization: `Bearer ${server.keys.serviceKey}`, 'x-client-info': 'practice-cli/9.9.9' },
    });
    expect(response.status).toBe(200);
    const [recorded] = await rows(who, '/audit_log?action=eq.backup');
    expect(recorded).toMatchObject({ action: 'backup', table_name: '*', actor: null, actor_role: 'service_role', via: 'cli', changes: { whole_database: true } });
    expect(await rows(who, '/audit_chain_breaks')).toEqual([]);
  });

  it.runIf(server.db.kind === 'postgres')('refuses on a PostgreSQL store, pointing at pg_dump', async () => {
    const answer = await call(`${server.url}/admin/v1/backup`, { headers: { apikey: server.keys.serviceKey, authorization: `Bearer ${server.keys.serviceKey}` } });
    expect([answer.status, answer.body.code, answer.body.hint]).toEqual([400, 'PGRST127', 'This service keeps its data in a PostgreSQL server: back that database up with pg_dump.']);
  });
});
