// `client list --json` prints its pages as they arrive (cli/shared/print-list.ts): the text is still
// exactly JSON.stringify of the whole list, and a read that fails after some pages were printed
// exits non-zero with an array left open, which no JSON parser takes for a complete list.
import { beforeAll, describe, expect, it } from 'vitest';
import { bulk } from '../helpers/report-practice.js';
import { signedInCli } from '../helpers/signed-in-cli.js';

// Three pages of the service's 1000-row cap, the last a short one.
const ROWS = 2500;
const clients = Array.from({ length: ROWS }, (_, i) => ({ name: `Client ${String(i).padStart(4, '0')}`, email: `c${i}@example.com` }));
const byName = (rows: Array<Record<string, any>>) => [...rows].sort((a, b) => a.name.localeCompare(b.name));

// Reads unlimited; the other service allows one read a minute, so a list's second page is refused.
const open = await signedInCli();
const limited = await signedInCli({ rateLimits: { readsPerMinute: 1 } });
let stored: Array<Record<string, any>>;

beforeAll(async () => {
  stored = byName(await bulk(open.home, 'POST', 'clients', clients));
  await bulk(limited.home, 'POST', 'clients', clients);
}, 120_000);

describe('client list --json, printed page by page', () => {
  it('prints exactly the text of the whole list', async () => {
    const result = await open.home.run(['client', 'list', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(`${JSON.stringify(stored, null, 2)}\n`);
  });

  it('prints exactly the text of a --limit past the cap, and of no rows', async () => {
    const first = await open.home.run(['client', 'list', '--json', '--limit', '1250']);
    expect(first.stdout).toBe(`${JSON.stringify(stored.slice(0, 1250), null, 2)}\n`);
    const none = await open.home.run(['client', 'list', '--json', '--status', 'inactive']);
    expect([none.code, none.stdout]).toEqual([0, '[]\n']);
  });

  it('fails mid-way with a non-zero exit and an array that no parser takes as complete', async () => {
    const result = await limited.home.run(['--max-wait', '0', 'client', 'list', '--json']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/rate limit/i);
    // The first page was printed, its 1000 items whole, and the closing bracket never.
    expect(result.stdout.startsWith('[\n  {')).toBe(true);
    expect(result.stdout.endsWith('\n  }')).toBe(true);
    expect(result.stdout.split('\n  },\n  {').length).toBe(1000);
    expect(() => JSON.parse(result.stdout)).toThrow();
    // Same shape as the open service's list, up to where it stopped (the ids differ between services).
    const withoutIds = (text: string) => text.replace(/"(id|therapist_id|created_at|updated_at)": "[^"]*"/g, '"$1": ""');
    const whole = `${JSON.stringify(stored, null, 2)}\n`;
    expect(withoutIds(whole).startsWith(withoutIds(result.stdout))).toBe(true);
    expect(result.stdout.length).toBeLessThan(whole.length);
  });
});
