// A backend whose schema predates the answer functions (migration 12), as a hosted project that has
// not applied `practice server schema` since: the service answers PGRST202, and the CLI says which
// schema version is missing and how to apply it, exit 1, instead of a bare "function not found".
// Likewise erasure (migration 19), whose clients.erased_at the command reads first.
import { describe, expect, it } from 'vitest';
import { migrations } from '../../src/server/db/migrations/index.js';
import { signedInCli } from '../helpers/signed-in-cli.js';

const { home } = await signedInCli({
  schemaSql: `drop function public.free_time(date, date, timestamp, text, uuid, integer, integer, integer);
              drop function public.pnl_by_month(date, date);
              alter table public.clients drop column erased_at cascade;`,
});

describe('a backend without the answer functions', () => {
  it.each([
    [['appt', 'slots', '--date', '2030-01-07'], 'free_time'],
    [['report', 'pnl', '--year', '2025'], 'pnl_by_month'],
  ])('%j names the schema version it lacks and `practice server schema`, exit 1', async (args, name) => {
    const result = await home.run(args);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`The service has no function ${name}: its database lacks schema version 12 (the practice's answers as SQL functions); it has version ${migrations.at(-1)!.version}.`);
    expect(result.stderr).toContain('`practice server schema`');
  });
});

describe('a backend without erasure', () => {
  it('client erase names the schema version it lacks before asking anything, and changes nothing (exit 1)', async () => {
    const added = await home.run(['client', 'add', '--name', 'Ann Lee']);
    expect(added.code, added.stderr).toBe(0);
    const result = await home.run(['client', 'erase', 'Ann Lee', '--yes']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`The service cannot erase clients: its database lacks schema version 19 (client erasure); it has version ${migrations.at(-1)!.version}.`);
    expect(result.stderr).toContain('`practice server schema`');
    const kept = await home.run(['client', 'show', 'Ann Lee', '--json', 'name']);
    expect(JSON.parse(kept.stdout)).toEqual({ name: 'Ann Lee' });
  });
});
