// Profiles, the environment overrides, output formats, colour and help, end to end. Everything here
// is offline except the override tests, which talk to a real service.
import { readdir, stat } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_CODES } from '../../src/cli/help/topics.js';
import { type CliHome, signedInHome, tempHome } from '../helpers/cli.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let home: CliHome;

beforeAll(async () => {
  home = await tempHome();
});

afterAll(async () => {
  await home.cleanup();
});

describe('profiles', () => {
  it('start with the built-in local profile only', async () => {
    const list = await home.run(['profile', 'list']);
    expect(list).toMatchObject({ code: 0, stderr: '' });
    expect(list.stdout).toBe('*\tlocal\t(local service, not running)\t\tUTC\n');
  });

  it('add one from a REST root URL, normalised, and list it in every format', async () => {
    const added = await home.run(['profile', 'add', 'clinic', '--url', 'https://abcd.supabase.co/rest/v1/', '--anon-key', 'anon-1', '--time-zone', 'Europe/Berlin']);
    expect(added).toMatchObject({ code: 0, stdout: '' });
    expect(added.stderr).toBe('✓ Added profile clinic.\n');
    expect((await home.readConfig()).profiles.clinic).toEqual({ url: 'https://abcd.supabase.co', anon_key: 'anon-1', time_zone: 'Europe/Berlin' });

    expect((await home.run(['profile', 'list'])).stdout).toBe('*\tlocal\t(local service, not running)\t\tUTC\n\tclinic\thttps://abcd.supabase.co\t\tEurope/Berlin\n');
    expect(JSON.parse((await home.run(['profile', 'list', '--json', 'name,url'])).stdout)).toEqual([
      { name: 'local', url: null },
      { name: 'clinic', url: 'https://abcd.supabase.co' },
    ]);
    expect((await home.run(['profile', 'list', '--format', 'csv'])).stdout)
      .toBe('active,name,url,signed_in_as,time_zone\r\ntrue,local,,,UTC\r\nfalse,clinic,https://abcd.supabase.co,,Europe/Berlin\r\n');
    expect((await home.run(['profile', 'list', '--format', 'ndjson', '--json', 'name'])).stdout).toBe('{"name":"local"}\n{"name":"clinic"}\n');
    const unknown = await home.run(['profile', 'list', '--json', 'name,secret']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown field secret; available: name, active, url, signed_in_as, time_zone.');
  });

  // Stored as ICU names the zone, as --time-zone stores it: Etc/UTC (a machine's usual link) as UTC,
  // and a TZ Date does not follow (wrong case, unknown) never kept as a name Date would be taken to use.
  it.each([['Etc/UTC', 'UTC'], ['Zulu', 'UTC'], ['europe/berlin', 'Europe/Berlin'], ['Mars/Olympus', 'UTC']])(
    'a profile added without --time-zone under TZ=%s keeps %s',
    async (tz, kept) => {
      const added = await home.run(['profile', 'add', 'zoneless', '--url', 'http://127.0.0.1:9', '--anon-key', 'anon-3'], { env: { TZ: tz } });
      expect(added.code).toBe(0);
      expect(added.stderr).toContain(`Profile zoneless keeps the time zone ${kept} (this system's)`);
      expect((await home.readConfig()).profiles.zoneless!.time_zone).toBe(kept);
      expect((await home.run(['profile', 'remove', 'zoneless'])).code).toBe(0);
    },
  );

  it('switch with use, and let PRACTICE_PROFILE and --profile win over it', async () => {
    // Without --time-zone a profile keeps this system's zone from its creation, and says so.
    const zoneless = await home.run(['profile', 'add', 'home-office', '--url', 'http://127.0.0.1:9', '--anon-key', 'anon-2'], { env: { TZ: 'America/Los_Angeles' } });
    expect(zoneless.stderr).toBe('✓ Added profile home-office.\n'
      + "Profile home-office keeps the time zone America/Los_Angeles (this system's): its days start there, whatever TZ a later command runs with. "
      + 'Change it with `practice profile add home-office --time-zone ZONE`.\n');
    expect((await home.readConfig()).profiles['home-office'].time_zone).toBe('America/Los_Angeles');
    expect((await home.run(['profile', 'use', 'clinic'])).code).toBe(0);
    const active = async (env = {}, args: string[] = []) =>
      JSON.parse((await home.run([...args, 'profile', 'list', '--json', 'name,active'], { env })).stdout).find((row: { active: boolean }) => row.active).name;
    expect(await active()).toBe('clinic');
    expect(await active({ PRACTICE_PROFILE: 'home-office' })).toBe('home-office');
    expect(await active({ PRACTICE_PROFILE: 'home-office' }, ['--profile', 'local'])).toBe('local');
    const missing = await home.run(['profile', 'use', 'nope']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('There is no profile named "nope".');
  });

  it('refuse bad input with exit 2 and change nothing', async () => {
    const before = await home.readConfig();
    for (const args of [
      ['profile', 'add', 'clinic', '--time-zone', 'Mars/Olympus'],
      ['profile', 'add', 'new-one', '--url', 'https://x.example'],
      ['profile', 'add', 'bad name', '--url', 'https://x.example', '--anon-key', 'k'],
      ['profile', 'add', 'local', '--url', 'https://x.example'],
      ['profile', 'remove', 'local'],
      ['profile', 'remove', 'nope'],
      ['profile', 'frobnicate'],
    ]) {
      const result = await home.run(args);
      expect(result.code, args.join(' ')).toBe(2);
    }
    expect(await home.readConfig()).toEqual(before);
  });

  it('give the local profile a time zone only', async () => {
    expect((await home.run(['profile', 'add', 'local', '--time-zone', 'Asia/Tokyo'])).code).toBe(0);
    expect((await home.readConfig()).profiles.local).toEqual({ time_zone: 'Asia/Tokyo' });
  });

  it('remove one; the local profile becomes active again', async () => {
    const removed = await home.run(['profile', 'remove', 'clinic']);
    expect(removed.stderr).toBe('✓ Removed profile clinic. The local profile is active again.\n');
    const config = await home.readConfig();
    expect(config.active).toBeUndefined();
    expect(config.profiles.clinic).toBeUndefined();
  });

  it('keep the file 0600 and leave no temporary files behind', async () => {
    expect((await stat(`${home.configDir}/config.json`)).mode & 0o777).toBe(0o600);
    expect(await readdir(home.configDir)).toEqual(['config.json']);
  });
});

describe('environment overrides', () => {
  let server: TestServer;
  let signedIn: Awaited<ReturnType<typeof signedInHome>>;

  beforeAll(async () => {
    server = await startTestServer();
    signedIn = await signedInHome(server.url, server.keys.anonKey);
  });

  afterAll(async () => {
    await signedIn.cleanup();
    await server.close();
  });

  it('PRACTICE_URL, PRACTICE_ANON_KEY and PRACTICE_TOKEN make a profile unnecessary', async () => {
    const fresh = await tempHome();
    const token = (await signedIn.run(['auth', 'token'])).stdout.trim();
    const env = { PRACTICE_URL: `${server.url}/rest/v1`, PRACTICE_ANON_KEY: server.keys.anonKey, PRACTICE_TOKEN: token };
    const status = await fresh.run(['auth', 'status', '--json'], { env });
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ url: server.url, signed_in: true, token_source: 'environment', user: { email: signedIn.email } });
    expect((await fresh.run(['auth', 'status'], { env })).stdout).toContain('from PRACTICE_TOKEN, not renewed');
    const logout = await fresh.run(['auth', 'logout'], { env });
    expect(logout.code).toBe(2);
    await fresh.cleanup();
  });

  it('PRACTICE_ANON_KEY overrides the profile key (a wrong one is refused: exit 4)', async () => {
    const wrong = await signedIn.run(['auth', 'status'], { env: { PRACTICE_ANON_KEY: 'not-the-key' } });
    expect(wrong.code).toBe(4);
    expect(wrong.stdout).toContain('Signed in  no: Invalid API key');
  });

  it('give a stored profile without a time zone the system one once, with a notice', async () => {
    const config = await signedIn.readConfig();
    delete config.profiles.test.time_zone;
    await signedIn.writeConfig(config);
    const first = await signedIn.run(['auth', 'status', '--json'], { env: { TZ: 'Asia/Tokyo' } });
    expect(first.code).toBe(0);
    expect(first.stderr).toContain("Profile test keeps the time zone Asia/Tokyo (this system's)");
    expect(JSON.parse(first.stdout).time_zone).toBe('Asia/Tokyo');
    const later = await signedIn.run(['auth', 'status', '--json'], { env: { TZ: 'America/Los_Angeles' } });
    expect(later).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(later.stdout).time_zone).toBe('Asia/Tokyo');
    expect((await signedIn.readConfig()).profiles.test.time_zone).toBe('Asia/Tokyo');
  });

  it('PRACTICE_CONFIG_DIR chooses the store', async () => {
    const names = async (env = {}) => JSON.parse((await signedIn.run(['profile', 'list', '--json', 'name'], { env })).stdout).map((row: { name: string }) => row.name);
    expect(await names()).toEqual(['local', 'test']);
    expect(await names({ PRACTICE_CONFIG_DIR: home.configDir })).toEqual(['local', 'home-office']);
  });
});

describe('colour', () => {
  it('follows CLICOLOR_FORCE, NO_COLOR and --no-color', async () => {
    const forced = await home.run(['profile', 'use', 'local'], { env: { CLICOLOR_FORCE: '1' } });
    expect(forced.stderr).toBe('\u001b[32m✓\u001b[39m Using profile local.\n');
    expect((await home.run(['profile', 'use', 'local'], { env: { CLICOLOR_FORCE: '1', NO_COLOR: '1' } })).stderr).toBe('✓ Using profile local.\n');
    expect((await home.run(['--no-color', 'profile', 'use', 'local'], { env: { CLICOLOR_FORCE: '1' } })).stderr).toBe('✓ Using profile local.\n');
    expect((await home.run(['profile', 'use', 'local'])).stderr).toBe('✓ Using profile local.\n');
  });
});

describe('help and version', () => {
  it('documents the exit codes', async () => {
    expect(await home.run(['help', 'exit-codes'])).toEqual({ code: 0, stdout: EXIT_CODES, stderr: '' });
    expect((await home.run(['--help'])).stdout).toContain('Exit codes: 0 ok, 1 failure or not found, 2 invalid usage or input (nothing sent), 4 not signed in or token rejected, 130 cancelled (Ctrl-C).');
    expect((await home.run(['help', 'environment'])).stdout).toContain('PRACTICE_TOKEN');
  });

  it('shows a command help through help, and refuses unknown words', async () => {
    const login = await home.run(['help', 'auth', 'login']);
    expect(login.code).toBe(0);
    expect(login.stdout).toContain('Usage: practice auth login [options]');
    expect(login.stdout).toContain('--password-stdin');
    expect((await home.run(['help', 'nope'])).code).toBe(2);
    expect((await home.run(['--frobnicate'])).code).toBe(2);
  });

  it('ends quietly when the reader of its output goes away (| head)', async () => {
    const { spawn } = await import('node:child_process');
    const { BIN, NODE_FLAGS } = await import('../helpers/cli.js');
    const child = spawn(process.execPath, [...NODE_FLAGS, BIN, 'help', 'environment'], { env: home.env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise((resolve) => child.once('close', resolve));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  });

  it('prints the version', async () => {
    expect((await home.run(['--version'])).stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });
});
