// The built-in local profile on a fresh machine: `practice auth status` starts the embedded service
// in the background, signs a local therapist up, and keeps working after the session, or the whole
// config, is lost.
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliHome, tempHome } from '../helpers/cli.js';

let home: CliHome;

beforeAll(async () => {
  home = await tempHome();
});

afterAll(async () => {
  // The service outlives the commands that started it; this test stops it.
  await home.run(['server', 'stop']);
  await home.cleanup();
});

describe('the local profile', () => {
  it('starts the service and signs up on first use, once however many commands start at once', async () => {
    // Created in a zone a day ahead of most (UTC+14): the profile keeps it, said once.
    const env = { TZ: 'Pacific/Kiritimati' };
    const [first, second] = await Promise.all([home.start(['auth', 'status', '--json'], { env }), home.start(['auth', 'status', '--json'], { env })]);
    expect(first!.code).toBe(0);
    expect(second!.code).toBe(0);
    const notice = `Starting the practice service in the background (data in ${home.dataHome}/practice; \`practice server stop\` stops it).\n`;
    const zoneNotice = "Profile local keeps the time zone Pacific/Kiritimati (this system's): its days start there, whatever TZ a later command runs with. "
      + 'Change it with `practice profile add local --time-zone ZONE`.\n';
    // Each notice comes once, from whichever process did the thing.
    const said = `${first!.stderr}${second!.stderr}`;
    expect(said.split(notice).length - 1).toBe(1);
    expect(said.split(zoneNotice).length - 1).toBe(1);
    expect(said.replace(notice, '').replace(zoneNotice, '')).toBe('');
    const [json, other] = [JSON.parse(first!.stdout), JSON.parse(second!.stdout)];
    expect(json).toMatchObject({ profile: 'local', profile_source: 'default', signed_in: true, user: { email: 'therapist@localhost' } });
    expect(other.user.id).toBe(json.user.id);
    expect(json.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const local = (await home.readConfig()).profiles.local;
    expect(local.local_account.email).toBe('therapist@localhost');
    expect(local.session.user.id).toBe(json.user.id);
    expect(local.time_zone).toBe('Pacific/Kiritimati');
  }, 120_000);

  it('finds the running service the next time, silently', async () => {
    const status = await home.run(['auth', 'status']);
    expect(status).toMatchObject({ code: 0, stderr: '' });
    expect(status.stdout).toContain('Signed in  therapist@localhost');
    const list = await home.run(['profile', 'list', '--json', 'name,url,signed_in_as']);
    expect(JSON.parse(list.stdout)[0]).toMatchObject({ name: 'local', signed_in_as: 'therapist@localhost' });
    expect(JSON.parse(list.stdout)[0].url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('signs the same therapist in again when the refresh token is lost', async () => {
    const config = await home.readConfig();
    const { id } = config.profiles.local.session.user;
    config.profiles.local.session.refresh_token = 'lost';
    config.profiles.local.session.expires_at = 0;
    await home.writeConfig(config);
    const status = await home.run(['auth', 'status', '--json']);
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout).user.id).toBe(id);
  });

  it('signs in again after logout, as the same therapist', async () => {
    const { id } = (await home.readConfig()).profiles.local.session.user;
    const logout = await home.run(['auth', 'logout']);
    expect(logout.stderr).toContain('Signed out of profile local. The next command signs the local therapist in again.');
    const rows = await home.run(['api', 'GET', 'clients']);
    expect(rows).toMatchObject({ code: 0, stdout: '[]' });
    expect((await home.readConfig()).profiles.local.session.user.id).toBe(id);
  });

  it("keeps the practice's day where the profile was created, whatever TZ a later command has", async () => {
    // UTC-11: always a calendar day behind Kiritimati.
    const env = { TZ: 'Pacific/Pago_Pago' };
    const run = async (args: string[]) => {
      const result = await home.run(args, { env });
      expect(result.code, result.stderr).toBe(0);
      return result.stdout.trim();
    };
    await run(['client', 'add', '--name', 'Day Check']);
    await run(['service', 'add', '--name', 'Day Service', '--duration', '30', '--price', '10']);
    await run(['appt', 'add', '--client', 'Day Check', '--service', 'Day Service', '--date', 'today', '--start', '23:00', '--yes']);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date());
    expect(JSON.parse(await run(['appt', 'today', '--json', 'date']))).toEqual([{ date: today }]);
    expect(JSON.parse(await run(['auth', 'status', '--json'])).time_zone).toBe('Pacific/Kiritimati');
  });

  it('gives the data dir a copy of an account made before it kept one, at the next start of the service', async () => {
    const kept = join(home.dataHome, 'practice', 'local-account');
    const copy = JSON.parse(await readFile(kept, 'utf8'));
    expect(copy).toEqual((await home.readConfig()).profiles.local.local_account);
    await rm(kept);
    expect((await home.run(['server', 'stop'])).code).toBe(0);
    expect((await home.run(['client', 'list'])).code).toBe(0);
    expect(JSON.parse(await readFile(kept, 'utf8'))).toEqual(copy);
  });

  it('comes back whole from the data dir when the config is damaged or deleted: same therapist, same data', async () => {
    const { id } = (await home.readConfig()).profiles.local.session.user;
    const kept = join(home.dataHome, 'practice', 'local-account');
    expect((await stat(kept)).mode & 0o777).toBe(0o600);
    const configPath = join(home.configDir, 'config.json');

    await writeFile(configPath, '{"version": 1, "profiles": ');
    const damaged = await home.run(['client', 'list']);
    expect(damaged.code).toBe(1);
    expect(damaged.stderr).toContain(`error: The config file ${configPath} is damaged.`);
    const command = `mv ${configPath} ${configPath}.damaged && practice auth login --profile local`;
    expect(damaged.stderr).toContain(command);

    // The hint's command, as a person would run it.
    await rename(configPath, `${configPath}.damaged`);
    const login = await home.run(['auth', 'login', '--profile', 'local']);
    expect(login.code, login.stderr).toBe(0);
    expect(login.stderr).toContain('Signed in to profile local as therapist@localhost, the local therapist.');
    expect(JSON.parse((await home.run(['auth', 'status', '--json'])).stdout).user.id).toBe(id);
    expect(JSON.parse((await home.run(['client', 'list', '--json', 'name'])).stdout)).toEqual([{ name: 'Day Check' }]);

    // Deleted outright, the next command of any kind signs the same therapist in.
    await rm(configPath);
    const list = await home.run(['client', 'list', '--json', 'name']);
    expect(list.code, list.stderr).toBe(0);
    expect(JSON.parse(list.stdout)).toEqual([{ name: 'Day Check' }]);
    expect((await home.readConfig()).profiles.local.session.user.id).toBe(id);
  });
});
