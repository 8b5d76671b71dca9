// The template's tar reader: files and folders land under the target, owner-only; an entry that
// would escape the target or is neither a file nor a folder is refused by name.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { extractTarGz } from '../../src/server/db/extract-tar-gz.js';
import { tarEntry as entry, tarOf } from '../helpers/tar-entry.js';

const archive = (...entries: Buffer[]) => gzipSync(tarOf(...entries));

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'practice-tar-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('extractTarGz', () => {
  it('writes folders and files under the target, readable by the owner only', async () => {
    await extractTarGz([archive(entry('/base', '5'), entry('/base/PG_VERSION', '0', '17\n'), entry('/global/big', '0', 'x'.repeat(700)))], join(dir, 'db'));
    expect(await readFile(join(dir, 'db', 'base', 'PG_VERSION'), 'utf8')).toBe('17\n');
    expect(await readFile(join(dir, 'db', 'global', 'big'), 'utf8')).toBe('x'.repeat(700));
    expect((await stat(join(dir, 'db', 'base', 'PG_VERSION'))).mode & 0o777).toBe(0o600);
    expect((await stat(join(dir, 'db', 'global'))).mode & 0o777).toBe(0o700);
  });

  it('gives a file ending in zeros the same bytes, the zeros left as a hole', async () => {
    const walSegment = 'wal'.padEnd(64 * 1024, '\0');
    const allZeros = '\0'.repeat(4096);
    await extractTarGz([archive(entry('/pg_wal/segment', '0', walSegment), entry('/zeros', '0', allZeros), entry('/empty', '0'))], join(dir, 'db'));
    expect(await readFile(join(dir, 'db', 'pg_wal', 'segment'), 'utf8')).toBe(walSegment);
    expect(await readFile(join(dir, 'db', 'zeros'), 'utf8')).toBe(allZeros);
    expect(await readFile(join(dir, 'db', 'empty'), 'utf8')).toBe('');
  });

  it('reads entries that straddle the chunks the archive unpacks in, zeros between data included', async () => {
    // 200 KiB: data, 64 KiB and more of zeros, data again; then headers that fall across chunk ends.
    const big = `${'a'.repeat(70_000)}${'\0'.repeat(70_000)}${'b'.repeat(64_800)}`;
    const small = Array.from({ length: 300 }, (_, i) => entry(`/many/${i}`, '0', `file ${i} `.repeat(i % 7)));
    await extractTarGz([archive(entry('/big', '0', big), ...small)], join(dir, 'db'));
    expect(await readFile(join(dir, 'db', 'big'), 'utf8')).toBe(big);
    for (const i of [0, 1, 150, 299]) expect(await readFile(join(dir, 'db', 'many', String(i)), 'utf8')).toBe(`file ${i} `.repeat(i % 7));
  });

  it('refuses an entry that points outside the target, writing nothing there', async () => {
    await expect(extractTarGz([archive(entry('../escaped', '0', 'no'))], join(dir, 'db'))).rejects.toThrow('The archive\'s entry "../escaped" points outside its folder.');
    expect(existsSync(join(dir, 'escaped'))).toBe(false);
  });

  it('refuses links and other entry types by name', async () => {
    await expect(extractTarGz([archive(entry('/link', '2'))], join(dir, 'db'))).rejects.toThrow(/tar type "2".*only files and folders/);
  });
});
