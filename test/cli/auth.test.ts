// `practice auth ...` end to end: the built binary against a real service, from sign-up to logout,
// with exit codes 0/2/4, tokens kept out of output, renewal before expiry, and a renewal race.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliHome, signedInHome, tempHome } from '../helpers/cli.js';
import { call, startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
const homes: CliHome[] = [];

async function home(): Promise<Awaited<ReturnType<typeof signedInHome>>> {
  const made = await signedInHome(server.url, server.keys.anonKey);
  homes.push(made);
  return made;
}

/** How many refresh tokens the account's sessions have had (the server keeps their digests). */
async function refreshTokensOf(email: string): Promise<number> {
  const [row] = await server.db.query<{ count: number }>(
    `select count(*)::int as count from auth.refresh_tokens r join auth.sessions s on s.id = r.session_id
     join auth.users u on u.id = s.user_id where u.email = $1`,
    [email],
  );
  return row!.count;
}

beforeAll(async () => {
  // Refresh tokens are single-use at once (no grace period), so a double renewal would be caught.
  server = await startTestServer({ auth: { refreshReuseSeconds: 0 } });
});

afterAll(async () => {
  await Promise.all(homes.map((h) => h.cleanup()));
  await server.close();
});

describe('auth signup, status, token', () => {
  it('signs up with --password-stdin and shows who is signed in', async () => {
    const h = await home();
    const status = await h.run(['auth', 'status']);
    expect(status.code).toBe(0);
    expect(status.stdout).toContain('Profile    test (the active profile)');
    expect(status.stdout).toContain(`Project    ${server.url}`);
    expect(status.stdout).toMatch(new RegExp(`Signed in  ${h.email} \\(user [0-9a-f-]{36}\\)`));
    expect(status.stdout).toMatch(/Token      kept in the config file, renewed automatically; expires \S+Z \(in 60 min\)/);
    expect(status.stdout).toContain('Time zone  Europe/Berlin');
    const config = await h.readConfig();
    expect(status.stdout + status.stderr).not.toContain(config.profiles.test.session.access_token);
    expect(status.stdout + status.stderr).not.toContain(config.profiles.test.session.refresh_token);
  });

  it('prints the status as JSON and the token only through auth token', async () => {
    const h = await home();
    const status = await h.run(['auth', 'status', '--json']);
    expect(status.code).toBe(0);
    const json = JSON.parse(status.stdout);
    expect(json).toMatchObject({ profile: 'test', profile_source: 'config', url: server.url, signed_in: true, token_source: 'config', time_zone: 'Europe/Berlin', problem: null });
    expect(json.user.email).toBe(h.email);
    const token = await h.run(['auth', 'token']);
    expect(token.code).toBe(0);
    expect(token.stdout.trim()).toBe((await h.readConfig()).profiles.test.session.access_token);
    const user = await call(`${server.auth}/user`, { headers: { apikey: server.keys.anonKey, authorization: `Bearer ${token.stdout.trim()}` } });
    expect(user.body.email).toBe(h.email);
  });

  it('keeps the config file private', async () => {
    const h = await home();
    const { stat } = await import('node:fs/promises');
    expect((await stat(`${h.configDir}/config.json`)).mode & 0o777).toBe(0o600);
    expect((await stat(h.configDir)).mode & 0o777).toBe(0o700);
  });
});

describe('auth login', () => {
  it('signs in with email and password from stdin', async () => {
    const h = await home();
    expect((await h.run(['auth', 'logout'])).code).toBe(0);
    const login = await h.run(['auth', 'login', '--email', h.email, '--password-stdin'], { input: `${h.password}\n` });
    expect(login).toMatchObject({ code: 0, stdout: '' });
    expect(login.stderr).toContain(`Signed in to profile test as ${h.email}.`);
    expect((await h.run(['auth', 'status'])).code).toBe(0);
  });

  it('exits 4 on a wrong password, with the server message', async () => {
    const h = await home();
    const login = await h.run(['auth', 'login', '--email', h.email, '--password-stdin'], { input: 'wrong password' });
    expect(login.code).toBe(4);
    expect(login.stderr).toContain('error: Invalid login credentials\n');
  });

  it('refuses to prompt without a terminal (exit 2, nothing sent)', async () => {
    const h = await home();
    const login = await h.run(['auth', 'login']);
    expect(login.code).toBe(2);
    expect(login.stderr).toContain('No email address given, and it cannot be asked without a terminal.');
    const noPassword = await h.run(['auth', 'login', '--email', h.email]);
    expect(noPassword.code).toBe(2);
    expect(noPassword.stderr).toContain('--password-stdin');
  });

  it('keeps a supplied token with --token and --anon-key, and checks it first', async () => {
    const h = await tempHome();
    homes.push(h);
    await h.run(['profile', 'add', 'clinic', '--url', `${server.url}/rest/v1`, '--anon-key', 'wrong-key']);
    const session = await server.signUp();
    const login = await h.run(['--profile', 'clinic', 'auth', 'login', '--token', session.access_token, '--anon-key', server.keys.anonKey]);
    expect(login.code).toBe(0);
    expect(login.stderr).toContain(`Signed in to profile clinic as ${session.user.email} with a token valid until `);
    expect(login.stderr).toMatch(/ with a token valid until \d{4}-\d\d-\d\d \d\d:\d\d \([A-Za-z_/]+\)\.\n/);
    const status = await h.run(['auth', 'status', '--profile', 'clinic', '--json']);
    expect(JSON.parse(status.stdout)).toMatchObject({ signed_in: true, user: { id: session.user.id } });
    const rejected = await h.run(['--profile', 'clinic', 'auth', 'login', '--token', 'not.a.jwt']);
    expect(rejected.code).toBe(4);
  });
});

describe('not signed in', () => {
  it('auth status exits 4 and says how to sign in', async () => {
    const h = await tempHome();
    homes.push(h);
    await h.run(['profile', 'add', 'clinic', '--url', server.url, '--anon-key', server.keys.anonKey, '--use']);
    const status = await h.run(['auth', 'status']);
    expect(status.code).toBe(4);
    expect(status.stdout).toContain('Signed in  no: not signed in');
    expect(status.stderr).toContain('Sign in with `practice auth login`.');
    const json = await h.run(['auth', 'status', '--json']);
    expect(json.code).toBe(4);
    expect(JSON.parse(json.stdout)).toMatchObject({ signed_in: false, user: null, problem: 'not signed in' });
    const token = await h.run(['auth', 'token']);
    expect(token.code).toBe(4);
    expect(token.stdout).toBe('');
  });

  it('a request with a rejected token exits 4', async () => {
    const h = await home();
    const api = await h.run(['api', 'GET', 'clients'], { env: { PRACTICE_TOKEN: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl' } });
    expect(api.code).toBe(4);
    expect(api.stderr).toMatch(/^error: .+$/m);
    // Where the refusal came from, for whoever debugs: with --verbose.
    const verbose = await h.run(['--verbose', 'api', 'GET', 'clients'], { env: { PRACTICE_TOKEN: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl' } });
    expect(verbose.stderr).toMatch(/^error: .*\(HTTP 401 PGRST30[13]\)$/m);
  });
});

describe('renewal', () => {
  it('renews a token about to expire before using it', async () => {
    const h = await home();
    const config = await h.readConfig();
    const old = config.profiles.test.session;
    config.profiles.test.session.expires_at = Math.floor(Date.now() / 1000) + 30;
    await h.writeConfig(config);
    const token = await h.run(['auth', 'token']);
    expect(token.code).toBe(0);
    const renewed = (await h.readConfig()).profiles.test.session;
    expect(token.stdout.trim()).toBe(renewed.access_token);
    // Rotated: a new refresh token (the access token may be byte-identical within the same second).
    expect(renewed.refresh_token).not.toBe(old.refresh_token);
    expect(renewed.expires_at).toBeGreaterThan(Math.floor(Date.now() / 1000) + 3000);
  });

  it('five processes renewing at once renew once and share the new session', async () => {
    const h = await home();
    const config = await h.readConfig();
    const old = config.profiles.test.session;
    config.profiles.test.session.expires_at = Math.floor(Date.now() / 1000) - 10;
    await h.writeConfig(config);
    const results = await Promise.all([...Array.from({ length: 4 }, () => h.start(['auth', 'token'])), h.start(['auth', 'status'])]);
    for (const result of results) expect(result).toMatchObject({ code: 0 });
    const tokens = results.slice(0, 4);
    const renewed = (await h.readConfig()).profiles.test.session;
    for (const result of tokens) expect(result.stdout.trim()).toBe(renewed.access_token);
    expect(renewed.refresh_token).not.toBe(old.refresh_token);
    // One rotation in all: the sign-up's refresh token and its one successor.
    expect(await refreshTokensOf(h.email)).toBe(2);
    // The stored refresh token is the live one: it renews once more (a reused one would be refused).
    const again = await call(`${server.auth}/token?grant_type=refresh_token`, {
      method: 'POST', headers: { apikey: server.keys.anonKey, 'content-type': 'application/json' }, body: JSON.stringify({ refresh_token: renewed.refresh_token }),
    });
    expect(again.status).toBe(200);
  });

  it('a session ended on the server exits 4 with a hint', async () => {
    const h = await home();
    const { access_token } = (await h.readConfig()).profiles.test.session;
    const config = await h.readConfig();
    await call(`${server.auth}/logout?scope=global`, { method: 'POST', headers: { apikey: server.keys.anonKey, authorization: `Bearer ${access_token}` } });
    config.profiles.test.session.expires_at = 0;
    await h.writeConfig(config);
    const status = await h.run(['auth', 'status']);
    expect(status.code).toBe(4);
    expect(status.stdout).toMatch(/Signed in  no: The session of profile test has ended: /);
    expect(status.stderr).toContain('practice auth login');
  });
});

describe('auth logout', () => {
  it('ends the session on the server and forgets it here', async () => {
    const h = await home();
    const { session } = (await h.readConfig()).profiles.test;
    const { refresh_token } = session;
    const logout = await h.run(['auth', 'logout']);
    expect(logout.code).toBe(0);
    expect(logout.stderr).toContain('Signed out of profile test.');
    // As on Supabase, the access token already issued is not revoked: said, with its expiry.
    // On the practice's clock (the test home's zone), not as UTC ISO text.
    const expiresAt = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin', dateStyle: 'short', timeStyle: 'short' }).format(new Date(session.expires_at * 1000));
    expect(logout.stderr).toContain(`Its last access token stays valid on the REST API until it expires at ${expiresAt} (Europe/Berlin), as on Supabase`);
    expect((await h.readConfig()).profiles.test.session).toBeUndefined();
    const refresh = await call(`${server.auth}/token?grant_type=refresh_token`, {
      method: 'POST', headers: { apikey: server.keys.anonKey, 'content-type': 'application/json' }, body: JSON.stringify({ refresh_token }),
    });
    expect(refresh.status).toBe(400);
    expect((await h.run(['auth', 'status'])).code).toBe(4);
    const again = await h.run(['auth', 'logout']);
    expect(again).toMatchObject({ code: 0 });
    expect(again.stderr).toContain('nothing to do');
  });
});

describe('--verbose', () => {
  it('logs the exchange with every credential redacted', async () => {
    const h = await home();
    const session = (await h.readConfig()).profiles.test.session;
    const login = await h.run(['--verbose', 'auth', 'login', '--email', h.email, '--password-stdin'], { input: h.password });
    expect(login.code).toBe(0);
    expect(login.stderr).toContain(`> POST ${server.url}/auth/v1/token?grant_type=password`);
    expect(login.stderr).toContain('> apikey: [redacted]');
    expect(login.stderr).toContain('"password":"[redacted]"');
    expect(login.stderr).toContain('"access_token":"[redacted]"');
    expect(login.stderr).toMatch(/< HTTP 200 OK \(\d+ ms\)/);
    const status = await h.run(['--verbose', 'auth', 'status']);
    expect(status.stderr).toContain('> authorization: [redacted]');
    const fresh = (await h.readConfig()).profiles.test.session;
    for (const secret of [h.password, server.keys.anonKey, session.access_token, fresh.access_token, fresh.refresh_token]) {
      expect(login.stderr + status.stderr + status.stdout).not.toContain(secret);
    }
  });
});
