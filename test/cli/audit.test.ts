// `practice audit` end to end, against a real server: every write through the CLI, the MCP server
// and an import is recorded by the database with who, through what and the columns changed; reads
// of notes are recorded by the service; the list pages past the 1000-row cap, newest first, with its
// filters (an actor by a unique prefix of their id, a table among those audited); and `audit verify`
// passes an intact chain and names the first row changed through the owner's connection behind the
// triggers' back (exit 1).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { AUDITED_TABLES } from '../../src/model/practice-tables.js';
import { BIN, NODE_FLAGS, signedInHome } from '../helpers/cli.js';
import { signedInCli } from '../helpers/signed-in-cli.js';

const { server, home, me } = await signedInCli();
// A second practice on the same service, to import the first one's export into.
const other = await signedInHome(server.url, server.keys.anonKey);
const otherId = (await other.readConfig()).profiles.test.session.user.id as string;
afterAll(() => other.cleanup());

async function practice(...args: string[]) {
  const result = await home.run(args);
  expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
  return result.stdout.trim();
}

const audit = async (...args: string[]) => JSON.parse(await practice('audit', ...args, '--json'));

describe('practice audit', () => {
  it('records each change with who, through what and exactly the columns changed, newest first', async () => {
    const ann = await practice('client', 'add', '--name', 'Ann Audit', '--phone', '555-0100');
    await practice('client', 'update', ann, '--phone', '555-0199');
    const rows = await audit('--client', 'ann audit');
    expect(rows.map((row: any) => [row.action, row.table_name, row.row_id, row.via, row.actor, row.actor_role])).toEqual([
      ['update', 'clients', ann, 'cli', me, 'authenticated'],
      ['insert', 'clients', ann, 'cli', me, 'authenticated'],
    ]);
    expect(rows[0].client_info).toMatch(/^practice-cli\/\d/);
    expect(rows[0].changes.phone).toEqual({ old: '555-0100', new: '555-0199' });
    expect(Object.keys(rows[0].changes).sort()).toEqual(['phone', 'updated_at']);
    expect(rows[1].changes.name).toEqual({ new: 'Ann Audit' });
    expect(rows[0].id).toBeGreaterThan(rows[1].id);
  });

  it('records which notes were read, by whom and through what', async () => {
    const bea = await practice('client', 'add', '--name', 'Bea Reader');
    const note = await practice('note', 'add', '--client', bea, '-S', 'Sore neck');
    await practice('note', 'list', '--client', bea);
    const [read] = await audit('--table', 'sessions', '--client', bea, '--limit', '1');
    expect(read).toMatchObject({ action: 'read', via: 'cli', actor: me, client_id: bea, row_id: null });
    expect(read.changes.rows).toEqual([note]);
  });

  it('names the MCP server and an import as the channel', async () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: [...NODE_FLAGS, BIN, 'mcp', '--allow-writes'], env: home.env as Record<string, string>, stderr: 'pipe' });
    const mcp = new Client({ name: 'audit-test', version: '1.0.0' });
    await mcp.connect(transport);
    try {
      const result = await mcp.callTool({ name: 'record_expense', arguments: { amount: '12.50', category: 'supplies', vendor: 'Via MCP' } });
      expect(result.isError, JSON.stringify(result.content)).not.toBe(true);
    } finally {
      await mcp.close();
    }
    const [viaMcp] = await audit('--via', 'mcp', '--table', 'expenses');
    expect(viaMcp).toMatchObject({ action: 'insert', actor: me, client_info: expect.stringMatching(/^practice-mcp\//) });
    expect(viaMcp.changes.vendor).toEqual({ new: 'Via MCP' });

    const file = `${home.dir}/export.json`;
    await practice('export', '--output', file);
    const [exported] = await audit('--limit', '1');
    expect(exported).toMatchObject({ action: 'export', table_name: '*', via: 'cli', actor: me, changes: { encrypted: false } });
    expect(exported.changes.rows.clients).toBeGreaterThanOrEqual(2);
    const { audit_trail: trail } = JSON.parse(await readFile(file, 'utf8'));
    expect(trail.length).toBeGreaterThan(1);
    expect(trail.every((row: any, i: number) => row.therapist_id === me && (i === 0 || row.prev_hash === trail[i - 1].hash))).toBe(true);
    expect(exported.changes.trail).toEqual({ practice: me, rows: trail.length, first_id: trail[0].id, last_id: trail.at(-1).id, head: trail.at(-1).hash });
    const imported = await other.run(['import', file]);
    expect(imported.code, imported.stderr).toBe(0);
    const [importEvent] = JSON.parse((await other.run(['audit', '--via', 'import', '--limit', '1', '--json'])).stdout);
    expect(importEvent).toMatchObject({ action: 'import', actor: otherId, changes: { trail: exported.changes.trail, exported_at: expect.any(String) } });
    expect((await other.run(['audit', 'verify'])).code).toBe(0);
    const otherRows = JSON.parse((await other.run(['audit', '--via', 'import', '--table', 'clients', '--json', 'row_id,actor'])).stdout);
    expect(otherRows.length).toBeGreaterThanOrEqual(2);
    expect(new Set(otherRows.map((row: any) => row.actor))).toEqual(new Set([otherId]));
  });

  it('pages past the 1000-row read cap, filtered by days, and refuses bad flags before sending', async () => {
    const clients = Array.from({ length: 1100 }, (_, i) => ({ name: `Bulk ${i}` }));
    const reply = await home.run(['api', 'POST', 'clients', '--input', '-'], { input: JSON.stringify(clients) });
    expect(reply.code, reply.stderr).toBe(0);
    const all = await audit('--table', 'clients', '--json', 'id');
    expect(all.length).toBeGreaterThan(1100);
    const ids = all.map((row: any) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(await audit('--since', 'today', '--until', 'today', '--table', 'clients', '--json', 'id')).toHaveLength(all.length);
    expect(await audit('--since', '+1d', '--table', 'clients', '--json', 'id')).toEqual([]);
    // The table shows when on the practice's clocks (Europe/Berlin here), the days --since and --until count.
    const [newest] = await audit('--limit', '1', '--json', 'at');
    const berlin = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin', dateStyle: 'short', timeStyle: 'medium' }).format(new Date(newest.at));
    expect(await practice('audit', '--limit', '1')).toContain(berlin);

    const bad = await home.run(['audit', '--actor', 'someone']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--actor: expected an actor id or a prefix of at least 4 hex characters like 3f2a9c1b; got 'someone'");
    expect((await home.run(['audit', '--via', 'fax'])).code).toBe(2);
  });

  it('--table takes the tables the database audits, and refuses another naming them (exit 2)', async () => {
    // The one list (src/model/practice-tables.ts) is the tables that carry the trail's trigger.
    const audited = await server.db.query<{ name: string }>(`select c.relname as name from pg_catalog.pg_trigger t
      join pg_catalog.pg_class c on c.oid = t.tgrelid join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where t.tgname = 'audit_change' and n.nspname = 'public'`);
    expect(audited.map((row) => row.name).sort()).toEqual([...AUDITED_TABLES].sort());

    const unknown = await home.run(['audit', '--table', 'nosuch']);
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toContain("'nosuch'");
    expect(unknown.stderr).toContain(AUDITED_TABLES.join(', '));
    expect(await audit('--table', 'calendar_feeds')).toEqual([]);
  });

  it('--actor takes a unique prefix of an actor\'s user id; one of no actor is 1, of several or too short 2', async () => {
    const mine = await signedInHome(server.url, server.keys.anonKey);
    try {
      const myId = (await mine.readConfig()).profiles.test.session.user.id as string;
      expect((await mine.run(['client', 'add', '--name', 'Pia Prefix'])).code).toBe(0);
      // Two more actors whose ids share their first 8 characters, appended by the owner as the
      // service's own writes are.
      const twins = ['abcdef12-0000-4000-8000-000000000001', 'abcdef12-0000-4000-8000-000000000002'];
      for (const actor of twins) {
        await server.db.query(`select practice_private.audit_append($1, $2, 'service_role', null, 'api', 'clients', null, null, 'insert', '{}'::jsonb)`, [myId, actor]);
      }
      const rowsOf = async (actor: string) => {
        const result = await mine.run(['audit', '--actor', actor, '--json', 'actor']);
        expect(result.code, result.stderr).toBe(0);
        return JSON.parse(result.stdout).map((row: { actor: string }) => row.actor);
      };
      const byPrefix = await rowsOf(myId.slice(0, 8).toUpperCase());
      expect(byPrefix.length).toBeGreaterThan(0);
      expect(new Set(byPrefix)).toEqual(new Set([myId]));
      expect(await rowsOf(twins[1]!)).toEqual([twins[1]]);
      expect(new Set(await rowsOf(myId.slice(0, 13)))).toEqual(new Set([myId]));

      const several = await mine.run(['audit', '--actor', 'abcdef12']);
      expect(several.code).toBe(2);
      expect(several.stderr).toContain(`--actor: abcdef12 matches 2 actor ids: ${twins.join(', ')}`);
      const none = await mine.run(['audit', '--actor', 'ffffffff-ffff']);
      expect(none.code).toBe(1);
      expect(none.stderr).toContain('--actor: no actor in the audit trail has an id starting with ffffffff-ffff');
      expect(none.stderr).toContain('practice auth status');
      const short = await mine.run(['audit', '--actor', 'abc']);
      expect(short.code).toBe(2);
      expect(short.stderr).toContain('a prefix of at least 4 hex characters');
    } finally {
      await mine.cleanup();
    }
  });

  it('verify counts its rows in the right number', async () => {
    const fresh = await signedInHome(server.url, server.keys.anonKey);
    try {
      const verify = async () => {
        const result = await fresh.run(['audit', 'verify']);
        expect(result.code, result.stderr).toBe(0);
        return result.stdout.split('\n')[0];
      };
      expect(await verify()).toBe('The audit trail is empty.');
      expect((await fresh.run(['client', 'add', '--name', 'Una One'])).code).toBe(0);
      expect(await verify()).toBe("The audit trail's 1 row verifies.");
      expect((await fresh.run(['client', 'add', '--name', 'Tia Two'])).code).toBe(0);
      expect(await verify()).toBe("The audit trail's 2 rows verify.");
    } finally {
      await fresh.cleanup();
    }
  });

  it('verify passes an intact trail and names the first row changed through the owner connection (exit 1)', async () => {
    const intact = await home.run(['audit', 'verify']);
    expect(intact.code, intact.stderr).toBe(0);
    expect(intact.stdout).toMatch(/^The audit trail's \d+ rows verify\.\nHead: row \d+ [0-9a-f]{64}\n$/);
    // For a script: one CSV row, or one NDJSON line, as --json's object.
    const csv = await home.run(['audit', 'verify', '--format', 'csv']);
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stdout).toMatch(/^intact,rows,head,first_break\r?\ntrue,\d+,[0-9a-f]{64},\r?\n$/);
    const line = await home.run(['audit', 'verify', '--format', 'ndjson']);
    expect(JSON.parse(line.stdout)).toMatchObject({ intact: true, first_break: null });

    const [victim] = await audit('--table', 'clients', '--client', 'ann audit', '--limit', '1');
    await server.db.transaction(async (tx) => {
      await tx.exec('set local session_replication_role = replica');
      await tx.query(`update public.audit_log set changes = '{"phone": {"old": "555-0100", "new": "555-0000"}}' where therapist_id = $1 and id = $2`, [me, victim.id]);
    });
    const caught = await home.run(['audit', 'verify']);
    expect(caught.code).toBe(1);
    expect(caught.stderr).toContain(`row ${victim.id} (update on clients at `);
    expect(caught.stderr).toContain('its fields do not match its hash: it was changed');
    const json = await home.run(['audit', 'verify', '--json']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ intact: false, first_break: { id: victim.id } });
  });
});
