// `export --encrypt` and `server backup --encrypt` write age files (typage) that hold no client's
// name in the clear; `import` and `server restore` read them with the passphrase or the identity;
// a wrong one, or the flag of the other kind (a passphrase for a copy to a key, a key for one to a
// passphrase), is a usage error (exit 2) that names the flag to use, and sends and writes nothing.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { generateIdentity, identityToRecipient } from 'age-encryption';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, NODE_FLAGS, runPractice, signedInHome } from '../helpers/cli.js';
import { signedInCli } from '../helpers/signed-in-cli.js';

const SECRET_NAME = 'Zelda Quillfeather';
const { server, home } = await signedInCli();
const target = await signedInHome(server.url, server.keys.anonKey);
const dir = await mkdtemp(join(tmpdir(), 'practice-encrypted-'));
afterAll(async () => {
  await target.cleanup();
  await rm(dir, { recursive: true, force: true });
});

const passphraseFile = join(dir, 'passphrase');
const wrongFile = join(dir, 'wrong');
await writeFile(passphraseFile, 'correct horse battery staple\n', { mode: 0o600 });
await writeFile(wrongFile, 'not the passphrase\n', { mode: 0o600 });

async function clientNames(who: typeof home): Promise<string[]> {
  const result = await who.run(['client', 'list', '--json', 'name']);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout).map((row: { name: string }) => row.name);
}

describe('encrypted exports', () => {
  // A passphrase costs age's scrypt at work factor 18 each way: seconds each on a busy machine.
  it('to a passphrase: no name in the file; a wrong passphrase imports nothing; the right one imports all', { timeout: 120_000 }, async () => {
    expect((await home.run(['client', 'add', '--name', SECRET_NAME, '--email', 'zelda@example.com'])).code).toBe(0);
    const file = join(dir, 'export.json.age');
    const exported = await home.run(['export', '--encrypt', '--passphrase-file', passphraseFile, '--output', file]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stderr).toContain('encrypted');
    const text = await readFile(file, 'utf8');
    expect(text.startsWith('-----BEGIN AGE ENCRYPTED FILE-----')).toBe(true);
    for (const clear of ['Zelda', 'Quillfeather', 'zelda@example.com', 'practice-export']) expect(text).not.toContain(clear);

    const wrong = await target.run(['import', file, '--passphrase-file', wrongFile]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain(`Cannot decrypt ${file}: wrong passphrase`);
    expect(await clientNames(target)).toEqual([]);
    const keyFile = join(dir, 'some-key.txt');
    await writeFile(keyFile, `${await generateIdentity()}\n`, { mode: 0o600 });
    const withKey = await target.run(['import', file, '--identity', keyFile]);
    expect(withKey.code).toBe(2);
    expect(withKey.stderr).toContain(`Cannot decrypt ${file}: it is encrypted to a passphrase, not to an age key, so --identity cannot open it; nothing was changed.`);
    expect(withKey.stderr).toContain('Leave out --identity and give the passphrase it was encrypted with: --passphrase-file FILE');
    expect(await clientNames(target)).toEqual([]);

    const right = await target.run(['import', file, '--passphrase-file', passphraseFile]);
    expect(right.code, right.stderr).toBe(0);
    expect(await clientNames(target)).toContain(SECRET_NAME);
  });

  it('to an age recipient: read back with its identity, refused with another', async () => {
    const identity = await generateIdentity();
    const identityFile = join(dir, 'key.txt');
    await writeFile(identityFile, `# a test key\n${identity}\n`, { mode: 0o600 });
    const otherFile = join(dir, 'other-key.txt');
    await writeFile(otherFile, `${await generateIdentity()}\n`, { mode: 0o600 });
    const exported = await home.run(['export', '--encrypt', '--recipient', await identityToRecipient(identity)]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).not.toContain('Zelda');
    const refused = await target.run(['import', '-', '--dry-run', '--identity', otherFile], { input: exported.stdout });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Cannot decrypt stdin: the identity does not fit it');
    // A passphrase cannot open a copy to a key: the refusal says which flag can, and nothing is imported.
    const before = await clientNames(target);
    const withPassphrase = await target.run(['import', '-', '--passphrase-file', passphraseFile], { input: exported.stdout });
    expect(withPassphrase.code).toBe(2);
    expect(withPassphrase.stderr).toContain('Cannot decrypt stdin: it is encrypted to an age key (X25519), not to a passphrase; nothing was changed.');
    expect(withPassphrase.stderr).toContain('Pass --identity FILE: the file of the secret key it was encrypted to');
    expect(await clientNames(target)).toEqual(before);
    // Nor is a passphrase asked for when neither flag is given.
    const neither = await target.run(['import', '-', '--dry-run'], { input: exported.stdout });
    expect(neither.code).toBe(2);
    expect(neither.stderr).toContain('Pass --identity FILE');
    const read = await target.run(['import', '-', '--dry-run', '--identity', identityFile], { input: exported.stdout });
    expect(read.code, read.stderr).toBe(0);
  });

  it('refuses encryption flags that do not go together, and a wrong key or passphrase file, before reading anything', async () => {
    const newestAuditRow = async () => JSON.parse((await home.run(['audit', '--limit', '1', '--json'])).stdout);
    // A note, whose read an export would record.
    const noted = await home.run(['client', 'add', '--name', 'Nora Noted']);
    expect((await home.run(['note', 'add', '--client', noted.stdout.trim(), '-S', 'Stiff shoulder'])).code).toBe(0);
    const before = await newestAuditRow();
    const alone = await home.run(['export', '--passphrase-file', passphraseFile]);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('--passphrase-file needs --encrypt.');
    const bad = await home.run(['export', '--encrypt', '--recipient', 'age1nope']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--recipient: 'age1nope' is not an age public key.");
    expect(bad.stdout).toBe('');
    const noTerminal = await home.run(['export', '--encrypt']);
    expect(noTerminal.code).toBe(2);
    expect(noTerminal.stderr).toContain('--passphrase-file');
    const missing = await home.run(['export', '--encrypt', '--passphrase-file', join(dir, 'no-such-file')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--passphrase-file: cannot read');
    // The practice was never read: no read of its notes is recorded.
    expect(await newestAuditRow()).toEqual(before);
  });
});

describe('encrypted backups', () => {
  it('server backup --encrypt of a data dir; restore refuses a wrong passphrase and leaves the data dir alone', { timeout: 120_000 }, async () => {
    const env = { PATH: process.env.PATH, HOME: dir, XDG_DATA_HOME: join(dir, 'data') };
    const dataDir = join(dir, 'practice-a');
    const child = spawn(process.execPath, [...NODE_FLAGS, BIN, 'server', 'start', '--foreground', '--port', '0', '--data-dir', dataDir], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
      const { url, anon_key: anonKey } = JSON.parse(line) as { url: string; anon_key: string };
      const post = async (path: string, body: unknown, token = anonKey) => (await fetch(`${url}${path}`, {
        method: 'POST', body: JSON.stringify(body),
        headers: { apikey: anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json', prefer: 'return=representation' },
      })).json() as Promise<any>;
      const { access_token: token } = await post('/auth/v1/signup', { email: 'enc@example.com', password: 'correct horse battery' });
      await post('/rest/v1/clients', { name: SECRET_NAME }, token);
      const backupsRecorded = async () => ((await (await fetch(`${url}/rest/v1/audit_log?action=eq.backup&select=id`, {
        headers: { apikey: anonKey, authorization: `Bearer ${token}` },
      })).json()) as unknown[]).length;
      // A wrong key is refused before the server hands out (and records) a snapshot.
      const refused = await runPractice(['server', 'backup', '--data-dir', dataDir, '--output', join(dir, 'refused.age'), '--encrypt', '--recipient', 'age1nope'], env);
      expect(refused.code).toBe(2);
      expect(await backupsRecorded()).toBe(0);
      const backup = join(dir, 'backup.tar.gz.age');
      const written = await runPractice(['server', 'backup', '--data-dir', dataDir, '--output', backup, '--encrypt', '--passphrase-file', passphraseFile], env);
      expect(written.code, written.stderr).toBe(0);
      expect(written.stderr).toContain('Wrote an encrypted backup');
      expect(await backupsRecorded()).toBe(1);
      const bytes = await readFile(backup);
      expect(bytes.subarray(0, 22).toString('latin1')).toBe('age-encryption.org/v1\n');
      expect(bytes.includes(Buffer.from('Quillfeather'))).toBe(false);

      const restoredDir = join(dir, 'practice-b');
      const wrong = await runPractice(['server', 'restore', backup, '--data-dir', restoredDir, '--passphrase-file', wrongFile, '--yes'], env);
      expect(wrong.code).toBe(2);
      expect(wrong.stderr).toContain('wrong passphrase');
      await expect(readdir(restoredDir)).rejects.toThrow(/ENOENT/);
      const identity = await generateIdentity();
      const identityFile = join(dir, 'backup-key.txt');
      await writeFile(identityFile, `${identity}\n`, { mode: 0o600 });
      const withKey = await runPractice(['server', 'restore', backup, '--data-dir', restoredDir, '--identity', identityFile, '--yes'], env);
      expect(withKey.code).toBe(2);
      expect(withKey.stderr).toContain('it is encrypted to a passphrase, not to an age key, so --identity cannot open it');
      await expect(readdir(restoredDir)).rejects.toThrow(/ENOENT/);

      // A backup to a key, restored with a passphrase: told to pass --identity; with it, restored.
      const toKey = join(dir, 'backup-to-key.tar.gz.age');
      const keyed = await runPractice(['server', 'backup', '--data-dir', dataDir, '--output', toKey, '--encrypt', '--recipient', await identityToRecipient(identity)], env);
      expect(keyed.code, keyed.stderr).toBe(0);
      const withPassphrase = await runPractice(['server', 'restore', toKey, '--data-dir', restoredDir, '--passphrase-file', passphraseFile, '--yes'], env);
      expect(withPassphrase.code).toBe(2);
      expect(withPassphrase.stderr).toContain(`Cannot decrypt ${toKey}: it is encrypted to an age key (X25519), not to a passphrase; nothing was changed.`);
      expect(withPassphrase.stderr).toContain('Pass --identity FILE');
      await expect(readdir(restoredDir)).rejects.toThrow(/ENOENT/);
      const byKey = await runPractice(['server', 'restore', toKey, '--data-dir', join(dir, 'practice-c'), '--identity', identityFile], env);
      expect(byKey.code, byKey.stderr).toBe(0);
      const right = await runPractice(['server', 'restore', backup, '--data-dir', restoredDir, '--passphrase-file', passphraseFile, '--yes'], env);
      expect(right.code, right.stderr).toBe(0);
      expect(await readdir(restoredDir)).toContain('pglite');
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  });
});
