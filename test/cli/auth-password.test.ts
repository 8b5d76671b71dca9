// `practice auth password` end to end: the built binary against a real service, the new password
// from stdin or asked twice at a real terminal; weak and same passwords refused in the service's
// words with the CLI's hint, nothing changed; the session that changed it stays signed in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliHome, signedInHome } from '../helpers/cli.js';
import { call, startTestServer, type TestServer } from '../helpers/server.js';
import { atTerminal, KEY } from '../helpers/terminal.js';

let server: TestServer;
const homes: CliHome[] = [];

async function home(): Promise<Awaited<ReturnType<typeof signedInHome>>> {
  const made = await signedInHome(server.url, server.keys.anonKey);
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
});

afterAll(async () => {
  await Promise.all(homes.map((h) => h.cleanup()));
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

  it('asks twice at a terminal, never showing it; two that differ change nothing', async () => {
    const h = await home();
    const differ = atTerminal(['auth', 'password'], h.env);
    await differ.answer('New password', `first-secret${KEY.enter}`);
    await differ.answer('New password again', `second-secret${KEY.enter}`);
    const refused = await differ.exit();
    expect(refused.code, refused.screen).toBe(2);
    expect(refused.screen).toContain('The two passwords differ; nothing was changed.');
    expect(refused.raw).not.toMatch(/first-secret|second-secret/);
    expect(await signsIn(h.email, h.password)).toBe(true);

    const agree = atTerminal(['auth', 'password'], h.env);
    await agree.answer('New password', `typed-secret${KEY.enter}`);
    await agree.answer('New password again', `typed-secret${KEY.enter}`);
    const done = await agree.exit();
    expect(done.code, done.screen).toBe(0);
    expect(done.raw).not.toContain('typed-secret');
    expect(await signsIn(h.email, 'typed-secret')).toBe(true);
  });
});
