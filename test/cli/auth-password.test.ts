// `practice auth password` end to end: the built binary against a real service, the new password
// from stdin or asked twice at a real terminal after the current one; weak and same passwords refused
// in the service's words with the CLI's hint, nothing changed; the session that changed it stays
// signed in. Past a recent sign-in only the current password changes it (issue 25).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliHome, signedInHome } from '../helpers/cli.js';
import { call, startTestServer, type TestServer } from '../helpers/server.js';
import { atTerminal, KEY } from '../helpers/terminal.js';

let server: TestServer;
// Every sign-in counts as old there, as one more than 5 minutes old does on a real service.
let stale: TestServer;
const homes: CliHome[] = [];

async function home(on = server): Promise<Awaited<ReturnType<typeof signedInHome>>> {
  const made = await signedInHome(on.url, on.keys.anonKey);
  homes.push(made);
  return made;
}

async function signsIn(email: string, password: string): Promise<boolean> {
  const answer = await call(`${server.auth}/token?grant_type=password`, {
    method: 'POST', headers: { apikey: server.keys.anonKey }, body: JSON.stringify({ email, password }),
  });
  return answer.status === 200;
}

beforeAll(async () => {
  server = await startTestServer();
  stale = await server.sibling({ auth: { recentSignInSeconds: 0 } });
});

afterAll(async () => {
  await Promise.all(homes.map((h) => h.cleanup()));
  await stale.close();
  await server.close();
});

describe('practice auth password', () => {
  it('changes it from stdin; the new one signs in, the old one not, and this session stays signed in', async () => {
    const h = await home();
    const changed = await h.run(['auth', 'password', '--password-stdin'], { input: 'a much newer secret\n' });
    expect(changed.code, changed.stderr).toBe(0);
    expect(changed.stdout).toBe('');
    expect(changed.stderr).toContain(`Changed the password of ${h.email} on profile test.`);
    expect(changed.stderr).not.toContain('a much newer secret');
    expect(await signsIn(h.email, 'a much newer secret')).toBe(true);
    expect(await signsIn(h.email, h.password)).toBe(false);
    expect((await h.run(['auth', 'status'])).code).toBe(0);
  });

  it('prints the account with --json', async () => {
    const h = await home();
    const changed = await h.run(['auth', 'password', '--password-stdin', '--json'], { input: 'another new secret' });
    expect(changed.code, changed.stderr).toBe(0);
    expect(JSON.parse(changed.stdout)).toEqual({ id: expect.any(String), email: h.email, updated_at: expect.any(String) });
  });

  it('refuses the same password and a weak one in the service words, with a hint, changing nothing (exit 1)', async () => {
    const h = await home();
    const same = await h.run(['auth', 'password', '--password-stdin'], { input: `${h.password}\n` });
    expect(same.code).toBe(1);
    expect(same.stderr).toContain('New password should be different from the old password.');
    expect(same.stderr).toContain('Choose a password that differs from the current one; nothing was changed.');
    const weak = await h.run(['auth', 'password', '--password-stdin'], { input: '123\n' });
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain('Password should be at least 6 characters.');
    expect(weak.stderr).toContain('Choose a stronger password');
    expect(await signsIn(h.email, h.password)).toBe(true);
  });

  it('refuses, exit 2 and nothing sent, an empty stdin or no way to ask', async () => {
    const h = await home();
    const empty = await h.run(['auth', 'password', '--password-stdin'], { input: '' });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('--password-stdin read an empty password.');
    const piped = await h.run(['auth', 'password'], { input: '' });
    expect(piped.code).toBe(2);
    expect(piped.stderr).toContain('No new password given, and it cannot be asked');
    expect(piped.stderr).toContain('--password-stdin');
    expect(await signsIn(h.email, h.password)).toBe(true);
  });

  it('asks for the current one and twice for the new at a terminal, never showing them; two that differ change nothing', async () => {
    const h = await home();
    const differ = atTerminal(['auth', 'password'], h.env);
    await differ.answer('Current password', `${h.password}${KEY.enter}`);
    await differ.answer('New password', `first-secret${KEY.enter}`);
    await differ.answer('New password again', `second-secret${KEY.enter}`);
    const refused = await differ.exit();
    expect(refused.code, refused.screen).toBe(2);
    expect(refused.screen).toContain('The two passwords differ; nothing was changed.');
    expect(refused.raw).not.toMatch(/first-secret|second-secret/);
    expect(await signsIn(h.email, h.password)).toBe(true);

    const agree = atTerminal(['auth', 'password'], h.env);
    await agree.answer('Current password', `${h.password}${KEY.enter}`);
    await agree.answer('New password', `typed-secret${KEY.enter}`);
    await agree.answer('New password again', `typed-secret${KEY.enter}`);
    const done = await agree.exit();
    expect(done.code, done.screen).toBe(0);
    expect(done.raw).not.toContain('typed-secret');
    expect(await signsIn(h.email, 'typed-secret')).toBe(true);
  });

  it('past a recent sign-in: a piped password is refused with what to do, a terminal sends the current one, a wrong one changes nothing', async () => {
    const h = await home(stale);
    const piped = await h.run(['auth', 'password', '--password-stdin'], { input: 'a much newer secret\n' });
    expect(piped.code).toBe(1);
    expect(piped.stderr).toContain('Current password required when setting new password.');
    expect(piped.stderr).toContain('Sign in again (practice auth login) and change it within 5 minutes');
    expect(await signsIn(h.email, h.password)).toBe(true);

    const wrong = atTerminal(['auth', 'password'], h.env);
    await wrong.answer('Current password', `not-it${KEY.enter}`);
    await wrong.answer('New password', `typed-secret${KEY.enter}`);
    await wrong.answer('New password again', `typed-secret${KEY.enter}`);
    const refused = await wrong.exit();
    expect(refused.code, refused.screen).toBe(1);
    expect(refused.screen).toContain('The current password is not right; nothing was changed.');
    expect(await signsIn(h.email, h.password)).toBe(true);

    const right = atTerminal(['auth', 'password'], h.env);
    await right.answer('Current password', `${h.password}${KEY.enter}`);
    await right.answer('New password', `typed-secret${KEY.enter}`);
    await right.answer('New password again', `typed-secret${KEY.enter}`);
    const done = await right.exit();
    expect(done.code, done.screen).toBe(0);
    expect(done.raw).not.toContain(h.password);
    expect(await signsIn(h.email, 'typed-secret')).toBe(true);
  });
});
