// Resource embedding through supabase-js, as the web app and integrations will use it: the client
// library writes the query strings (select with embeds, referencedTable options, filters on an
// embedded column) and reads the answers; the service is the real one on loopback.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.js';
import { supabaseClient } from '../helpers/supabase.js';

const server = await startTestServer();
afterAll(() => server.close());

let supabase: SupabaseClient;
const ids: Record<string, string> = {};

/** Inserts through supabase-js and returns the row, failing the test on an error. */
async function insert(table: string, row: Record<string, unknown>): Promise<Record<string, any>> {
  const { data, error } = await supabase.from(table).insert(row).select().single();
  if (error) throw new Error(`${table}: ${error.message}`);
  return data;
}

beforeAll(async () => {
  // A signed-in user's token, as the embedded auth server or Supabase Auth issues it (this file runs on both).
  supabase = supabaseClient(server, (await server.therapist()).token);
  const ann = await insert('clients', { name: 'Ann Lee' });
  const bob = await insert('clients', { name: 'Bob Stone' });
  const service = await insert('service_menu', { name: 'Swedish 60', duration: 60, price: 80 });
  ids.ann = ann.id;
  ids.first = (await insert('appointments', { client_id: ann.id, service_id: service.id, date: '2025-03-10', start_time: '09:00', end_time: '10:00', status: 'completed' })).id;
  ids.second = (await insert('appointments', { client_id: ann.id, date: '2025-03-12', start_time: '09:00', end_time: '10:00' })).id;
  ids.bobs = (await insert('appointments', { client_id: bob.id, service_id: service.id, date: '2025-03-11', start_time: '11:00', end_time: '12:00' })).id;
});

describe('supabase-js embedding', () => {
  it("select('id, client:clients(name)') embeds the client as an object", async () => {
    const { data, error } = await supabase.from('appointments').select('id, client:clients(name)').order('date');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: ids.first, client: { name: 'Ann Lee' } },
      { id: ids.bobs, client: { name: 'Bob Stone' } },
      { id: ids.second, client: { name: 'Ann Lee' } },
    ]);
  });

  it('a to-many embed with order, limit and a filter on the referenced table', async () => {
    const { data, error } = await supabase.from('clients')
      .select('name, appointments(date, status)')
      .eq('id', ids.ann)
      .order('date', { referencedTable: 'appointments', ascending: false })
      .limit(1, { referencedTable: 'appointments' });
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'Ann Lee', appointments: [{ date: '2025-03-12', status: 'scheduled' }] }]);
  });

  it('!inner with a filter on an embedded column narrows the top level', async () => {
    const { data, error } = await supabase.from('clients').select('name, appointments!inner(status)').eq('appointments.status', 'completed');
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'Ann Lee', appointments: [{ status: 'completed' }] }]);
  });

  it('count, spread, ordering by a to-one column and is(embed, null)', async () => {
    const counted = await supabase.from('clients').select('name, appointments(count)').order('name');
    expect(counted.data).toEqual([{ name: 'Ann Lee', appointments: [{ count: 2 }] }, { name: 'Bob Stone', appointments: [{ count: 1 }] }]);
    const spread = await supabase.from('appointments').select('date, ...clients(client_name:name)').eq('id', ids.bobs).single();
    expect(spread.data).toEqual({ date: '2025-03-11', client_name: 'Bob Stone' });
    const ordered = await supabase.from('appointments').select('id, clients(name)').order('clients(name)', { ascending: false }).order('date');
    expect(ordered.data?.map((row) => row.id)).toEqual([ids.bobs, ids.first, ids.second]);
    const missing = await supabase.from('appointments').select('id, service_menu(name)').is('service_menu', null);
    expect(missing.data).toEqual([{ id: ids.second, service_menu: null }]);
  });

  it('an unknown relationship is an error object with PostgREST code PGRST200', async () => {
    const { data, error } = await supabase.from('appointments').select('id, client(name)');
    expect(data).toBeNull();
    expect(error).toMatchObject({
      code: 'PGRST200',
      message: "Could not find a relationship between 'appointments' and 'client' in the schema cache",
      hint: "Perhaps you meant 'clients' instead of 'client'.",
    });
  });
});
