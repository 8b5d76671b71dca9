// Migration 14: clients.search_name, the name folded for search (lower case, accents off), kept by the
// database on insert and update, on every store; the CLI folds what it searches for alike
// (core/search-text.ts), which these rows also check against.
import { afterAll, describe, expect, it } from 'vitest';
import { foldForSearch } from '../../src/core/search-text.js';
import { createClient, practice, rows } from '../helpers/fixtures.js';
import { startTestServer } from '../helpers/server.js';

const server = await startTestServer();
afterAll(() => server.close());

const NAMES = ['Jürgen Müller', 'ZOË ŁÓDŹ', 'Søren Ærø', 'Straße Œuvre', 'ｊｕｒｇｅｎ ﬁne', 'Ana-María Peña', '李小龍 (Bruce)', 'Иван'];

describe('clients.search_name', () => {
  it('is the name folded as the CLI folds it, on insert and on update', async () => {
    const t = await practice(server);
    for (const name of NAMES) await createClient(t, { name });
    const stored = await rows(t, '/clients?select=name,search_name&order=name.asc');
    expect(stored).toHaveLength(NAMES.length);
    for (const { name, search_name } of stored) expect(search_name).toBe(foldForSearch(name));
    expect(stored.find((row) => row.name === 'Jürgen Müller')!.search_name).toBe('jurgen muller');
    expect(stored.find((row) => row.name === 'Søren Ærø')!.search_name).toBe('soren aero');

    const [zoe] = await rows(t, '/clients?name=eq.ZOË ŁÓDŹ&select=id');
    expect((await t.patch(`/clients?id=eq.${zoe!.id}`, { name: 'Zoë Ångström' })).status).toBe(204);
    expect(await rows(t, `/clients?id=eq.${zoe!.id}&select=search_name`)).toEqual([{ search_name: 'zoe angstrom' }]);
  });

  it('finds Jürgen by jurgen with ilike, within the practice only', async () => {
    const t = await practice(server);
    const other = await practice(server);
    await createClient(t, { name: 'Jürgen Müller' });
    await createClient(t, { name: 'Ann Lee' });
    await createClient(other, { name: 'Jurgen Other' });
    expect(await rows(t, `/clients?search_name=ilike.*${foldForSearch('JURGEN')}*&select=name`)).toEqual([{ name: 'Jürgen Müller' }]);
  });

  it('cannot be written: the database keeps it', async () => {
    const t = await practice(server);
    const reply = await t.post('/clients', { name: 'Ann Lee', search_name: 'someone else' });
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
  });
});
