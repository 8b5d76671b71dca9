// The booking page as served at /book/<slug> and as `practice booking page --output` writes it: one
// HTML document under 60 KB, its settings written in safely, a policy that lets it call its service
// alone; the flags checked before anything is written.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signedInCli } from '../helpers/signed-in-cli.js';

const { server, home } = await signedInCli();
// Slugs are unique across practices, and the worker's database may hold earlier files' pages.
const SLUG = `anna-massage-${randomUUID().slice(0, 8)}`;
const dir = await mkdtemp(join(tmpdir(), 'practice-page-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

const settingsOf = (html: string) => JSON.parse(/window\.PRACTICE_BOOKING = (.*?);<\/script>/.exec(html)![1]!) as Record<string, string>;

describe('the booking page', () => {
  it('is served at /book/<slug> with this service\'s URL and anon key, under 60 KB, framed by no one', async () => {
    const response = await fetch(`${server.url}/book/${SLUG}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    const html = await response.text();
    expect(Buffer.byteLength(html)).toBeLessThan(60 * 1024);
    expect(settingsOf(html)).toEqual({ url: server.url, anonKey: server.keys.anonKey, slug: SLUG });
    expect(html).toContain(`connect-src ${server.url};`);
    expect(html).not.toContain(server.keys.serviceKey);
    const head = await fetch(`${server.url}/book/${SLUG}`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type'), await head.text()]).toEqual([200, 'text/html; charset=utf-8', '']);
  });

  it('answers 404 for an address no slug can have, and writes nothing of it into a page', async () => {
    for (const slug of ['Anna', 'a%3C%2Fscript%3E', '-anna']) {
      const response = await fetch(`${server.url}/book/${slug}`);
      expect(response.status, slug).toBe(404);
      expect(((await response.json()) as { message: string }).message).toBe('No booking page at this address.');
    }
  });

  it('is written by `practice booking page` for a hosted project, the same document', async () => {
    const none = await home.run(['booking', 'page', '--output', join(dir, 'none.html')]);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('This practice has no booking page.');
    expect((await home.run(['booking', 'enable', '--slug', SLUG])).code).toBe(0);

    const local = await home.run(['booking', 'page', '--output', dir, '--json']);
    expect(local.code, local.stderr).toBe(0);
    expect(JSON.parse(local.stdout)).toMatchObject({ output: dir, url: server.url, slug: SLUG });
    const written = await readFile(join(dir, 'index.html'), 'utf8');
    expect(written).toBe(await (await fetch(`${server.url}/book/${SLUG}`)).text());

    const hosted = await home.run(['booking', 'page', '--output', join(dir, 'hosted.html'), '--url', 'https://abcd.supabase.co/rest/v1', '--anon-key', 'anon.key</script>']);
    expect(hosted.code, hosted.stderr).toBe(0);
    expect(hosted.stderr).toContain(`Wrote the booking page of ${SLUG}`);
    const html = await readFile(join(dir, 'hosted.html'), 'utf8');
    expect(settingsOf(html)).toEqual({ url: 'https://abcd.supabase.co', anonKey: 'anon.key</script>', slug: SLUG });
    expect(html).toContain('connect-src https://abcd.supabase.co;');
    expect(html.match(/<\/script>/g)).toHaveLength(2);
  });

  it('wants --url and --anon-key together, and a URL that is one (exit 2, nothing written)', async () => {
    const alone = await home.run(['booking', 'page', '--output', join(dir, 'x.html'), '--url', 'https://abcd.supabase.co']);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('--url and --anon-key go together');
    const bad = await home.run(['booking', 'page', '--output', join(dir, 'x.html'), '--url', 'abcd', '--anon-key', 'k']);
    expect(bad.code).toBe(2);
    await expect(readFile(join(dir, 'x.html'))).rejects.toThrow();
  });
});
