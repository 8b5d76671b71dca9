// supabase-js `.rpc()` (postgrest-js PostgrestClient.rpc) against the service, on every store the
// schema runs on (the Supabase-shaped database with migrations off included): POST with named
// arguments, `get` and `head` with them in the query (arrays as `{a,b}`), `count`, and the filter
// builder chained on a set result; each practice answered from its own rows only.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient as createPracticeClient, practice } from '../helpers/fixtures.js';
import { startTestServer } from '../helpers/server.js';
import { supabaseClient } from '../helpers/supabase.js';

const FUNCTIONS = `
create function public.sum_of(numbers integer[]) returns integer language sql immutable as $$ select sum(n)::int from unnest(numbers) n $$;
create function public.clients_named(pattern text default '%') returns setof public.clients language sql stable
  as $$ select * from public.clients where name like pattern $$;
create function public.client_total() returns bigint language sql stable as $$ select count(*) from public.clients $$;
`;

const server = await startTestServer({ schemaSql: FUNCTIONS });
afterAll(() => server.close());

let first: SupabaseClient;
let second: SupabaseClient;
beforeAll(async () => {
  const [one, two] = [await practice(server), await practice(server)];
  for (const name of ['Ann', 'Bob', 'Cy']) await createPracticeClient(one, { name });
  await createPracticeClient(two, { name: 'Zed' });
  first = supabaseClient(server, one.token);
  second = supabaseClient(server, two.token);
});

describe('supabase-js rpc()', () => {
  it('calls with POST, and with GET where the arguments travel in the query, arrays as {a,b}', async () => {
    expect(await first.rpc('sum_of', { numbers: [1, 2, 3] })).toMatchObject({ data: 6, error: null, status: 200 });
    expect(await first.rpc('sum_of', { numbers: [4, 5] }, { get: true })).toMatchObject({ data: 9, error: null, status: 200 });
    expect((await first.rpc('practice_schema_version', {}, { get: true })).data).toBeGreaterThanOrEqual(11);
  });

  it('chains select, filters, order, range and single on a set result, and counts it', async () => {
    const page = await first.rpc('clients_named', { pattern: '%' }, { count: 'exact' }).select('name').neq('name', 'Bob').order('name', { ascending: false }).range(0, 0);
    expect(page).toMatchObject({ data: [{ name: 'Cy' }], error: null, count: 2 });
    const one = await first.rpc('clients_named', {}, { get: true }).select('name').eq('name', 'Ann').single();
    expect(one).toMatchObject({ data: { name: 'Ann' }, error: null });
    const head = await first.rpc('clients_named', { pattern: 'A%' }, { head: true, count: 'exact' });
    expect(head).toMatchObject({ data: null, error: null, count: 1 });
  });

  it('answers each practice from its own rows', async () => {
    expect((await first.rpc('client_total')).data).toBe(3);
    expect((await second.rpc('client_total')).data).toBe(1);
    expect((await second.rpc('clients_named').select('name')).data).toEqual([{ name: 'Zed' }]);
  });

  it('reports a missing function as PostgREST does, for the CLI to name the schema it lacks', async () => {
    const { data, error, status } = await first.rpc('free_slots', { day: '2026-11-27' });
    expect(data).toBeNull();
    expect(status).toBe(404);
    expect(error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.free_slots(day) in the schema cache',
    });
  });
});
