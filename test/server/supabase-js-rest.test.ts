// supabase-js (postgrest-js) against the service's /rest/v1 for what issue 16 added: textSearch,
// likeAnyOf/ilikeAllOf, csv(), insert with defaultToNull: false, maxAffected and schema(), each
// answered as PostgREST answers them.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.js';
import { supabaseClient } from '../helpers/supabase.js';

const server = await startTestServer();
afterAll(() => server.close());

let supabase: SupabaseClient;
beforeAll(async () => {
  // A signed-in user's token, as the embedded auth server or Supabase Auth issues it (this file runs on both).
  supabase = supabaseClient(server, (await server.therapist()).token);
  const { error } = await supabase.from('clients').insert([
    { name: 'Ann Lee', notes: 'Runs marathons; knees hurt after running', total_visits: 3 },
    { name: 'Bob Stone', notes: 'The fat cat sat on the mat', total_visits: 0 },
    { name: 'Carol Day', notes: 'Desk worker with neck pain', total_visits: 7 },
  ]);
  expect(error).toBeNull();
});

describe('supabase-js REST', () => {
  it('textSearch in each of its types, with a configuration', async () => {
    const search = async (query: string, options: { config?: string; type?: 'plain' | 'phrase' | 'websearch' }) => {
      const { data, error } = await supabase.from('clients').select('name').textSearch('notes', query, options).order('name');
      expect(error).toBeNull();
      return data!.map((row) => row.name);
    };
    expect(await search("'run' & 'knee'", { config: 'english' })).toEqual(['Ann Lee']);
    expect(await search('neck desk', { config: 'english', type: 'plain' })).toEqual(['Carol Day']);
    expect(await search('fat cat', { config: 'english', type: 'phrase' })).toEqual(['Bob Stone']);
    expect(await search('cat or neck -desk', { config: 'english', type: 'websearch' })).toEqual(['Bob Stone']);
  });

  it('likeAnyOf and likeAllOf (the any/all quantifiers)', async () => {
    const any = await supabase.from('clients').select('name').likeAnyOf('name', ['A%', 'B%']).order('name');
    expect(any.data).toEqual([{ name: 'Ann Lee' }, { name: 'Bob Stone' }]);
    const all = await supabase.from('clients').select('name').ilikeAllOf('name', ['%o%', '%b%']);
    expect(all.data).toEqual([{ name: 'Bob Stone' }]);
  });

  it('csv() answers the rows as CSV text', async () => {
    const { data, error } = await supabase.from('clients').select('name,total_visits').order('name').csv();
    expect(error).toBeNull();
    expect(data).toBe('name,total_visits\n"Ann Lee",3\n"Bob Stone",0\n"Carol Day",7');
  });

  it('insert with defaultToNull: false gives missing columns their defaults', async () => {
    const { data, error } = await supabase.from('clients')
      .insert([{ name: 'Dan' }, { name: 'Eve', status: 'inactive' }], { defaultToNull: false })
      .select('name,status,total_visits').order('name');
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'Dan', status: 'active', total_visits: 0 }, { name: 'Eve', status: 'inactive', total_visits: 0 }]);
  });

  it('maxAffected refuses an update touching more rows (PGRST124) and changes nothing', async () => {
    // supabase-js types maxAffected only for a schema typed as PostgREST 13+; this client is untyped.
    const update = supabase.from('clients').update({ phone: '555-0100' }).gte('total_visits', 0) as unknown as {
      maxAffected(rows: number): PromiseLike<{ error: unknown }>;
    };
    const { error } = await update.maxAffected(1);
    expect(error).toMatchObject({ code: 'PGRST124', message: 'Query result exceeds max-affected preference constraint' });
    const { data } = await supabase.from('clients').select('id').eq('phone', '555-0100');
    expect(data).toEqual([]);
  });

  it('schema() naming a schema that is not exposed is PGRST106', async () => {
    const { error, status } = await supabase.schema('auth').from('users').select('*');
    expect(status).toBe(406);
    expect(error).toMatchObject({ code: 'PGRST106', message: 'Invalid schema: auth', hint: 'Only the following schemas are exposed: public' });
  });
});
