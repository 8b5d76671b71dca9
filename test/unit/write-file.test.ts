// Where exports and backups go (src/cli/shared/write-file.ts), on a real temporary directory: a file
// the user names is replaced, a name chosen in a directory is replaced or numbered as the caller says.
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createContext } from '../../src/cli/context.js';
import { emit, fileStamp } from '../../src/cli/shared/write-file.js';

let dir: string;
let stderr: string;

function context() {
  const err = new PassThrough();
  err.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return createContext({
    io: { stdin: new PassThrough(), stdout: new PassThrough(), stderr: err },
    env: { NO_COLOR: '1' },
    now: () => new Date('2026-11-22T21:40:05.123Z'),
    self: { execPath: process.execPath, script: 'practice' },
  });
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'practice-write-file-'));
  stderr = '';
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('emit', () => {
  it('numbers a name already taken in a directory, keeping every earlier file', async () => {
    const to = { output: `${dir}/`, fileName: () => 'practice-2026-11-22T214005Z.tar.gz', replaceInDirectory: false };
    for (const content of ['first', 'second', 'third']) await emit(context(), content, to, 'a backup');
    expect((await readdir(dir)).sort()).toEqual([
      'practice-2026-11-22T214005Z-2.tar.gz', 'practice-2026-11-22T214005Z-3.tar.gz', 'practice-2026-11-22T214005Z.tar.gz',
    ]);
    expect(await readFile(join(dir, 'practice-2026-11-22T214005Z.tar.gz'), 'utf8')).toBe('first');
    expect(await readFile(join(dir, 'practice-2026-11-22T214005Z-3.tar.gz'), 'utf8')).toBe('third');
    expect(stderr).toContain(`Wrote a backup to ${join(dir, 'practice-2026-11-22T214005Z-3.tar.gz')}`);
    expect((await stat(join(dir, 'practice-2026-11-22T214005Z-2.tar.gz'))).mode & 0o777).toBe(0o600);
  });

  it('replaces the chosen name by default (a cron export of the same day), and a file the user named always', async () => {
    const inDirectory = { output: dir, fileName: () => 'appointments-2026-11-23.ics' };
    await emit(context(), 'old', inDirectory, 'appointments');
    await emit(context(), 'new', inDirectory, 'appointments');
    const named = { output: join(dir, 'mine.tar.gz'), fileName: () => 'unused', replaceInDirectory: false };
    await emit(context(), 'old', named, 'a backup');
    await emit(context(), 'new', named, 'a backup');
    expect((await readdir(dir)).sort()).toEqual(['appointments-2026-11-23.ics', 'mine.tar.gz']);
    expect(await readFile(join(dir, 'appointments-2026-11-23.ics'), 'utf8')).toBe('new');
    expect(await readFile(join(dir, 'mine.tar.gz'), 'utf8')).toBe('new');
  });
});

describe('emit into a folder that does not exist', () => {
  it.each([
    ['a file named in it', (missing: string) => join(missing, 'export.json')],
    ['the folder itself, with a trailing slash', (missing: string) => `${missing}/`],
  ])('refuses %s, naming the folder, and makes nothing', async (_, output) => {
    const missing = join(dir, 'no', 'such');
    const refusal = emit(context(), 'data', { output: output(missing), fileName: () => 'export.json' }, 'an export');
    await expect(refusal).rejects.toThrow(`Cannot write ${join(missing, 'export.json')}: the folder ${missing} does not exist; nothing was written.`);
    await expect(refusal).rejects.toMatchObject({ hint: `Create it first (\`mkdir -p ${missing}\`), or choose another --output.` });
    expect(await readdir(dir)).toEqual([]);
    expect(stderr).toBe('');
  });
});

describe('fileStamp', () => {
  it('is the UTC second without colons', () => {
    expect(fileStamp(new Date('2026-11-22T21:40:05.987Z'))).toBe('2026-11-22T214005Z');
  });
});
