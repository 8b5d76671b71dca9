// The answer functions (migration 12) through supabase-js `.rpc()`, as a web app or an integration
// calls them, on every store (PGlite, PostgreSQL migrated by the service, the Supabase-shaped database
// with `practice server schema` applied): two practices book the same day, and each function answers
// from the caller's rows alone; the anon key alone may execute none of them.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.js';
import { supabaseClient } from '../helpers/supabase.js';

const server = await startTestServer();
afterAll(() => server.close());

const MONDAY = '2031-03-03';
let mine: SupabaseClient;
let theirs: SupabaseClient;

/** A practice with Monday hours, a client, a completed visit at `price`, an expense and a closure. */
async function practice(price: number, hours: [string, string], closure: [string, string] | null): Promise<SupabaseClient> {
  const supabase = supabaseClient(server, (await server.therapist()).token);
  const one = async (table: string, row: Record<string, unknown>) => {
    const { data, error } = await supabase.from(table).insert(row).select().single();
    expect(error).toBeNull();
    return data as Record<string, any>;
  };
  await one('business_hours', { day_of_week: 'monday', open_time: hours[0], close_time: hours[1] });
  const client = await one('clients', { name: `Client of ${price}` });
  await one('appointments', { client_id: client.id, date: MONDAY, start_time: '10:00', end_time: '11:00', price, status: 'completed' });
  await one('expenses', { date: MONDAY, amount: price / 10, category: 'supplies' });
  if (closure) await one('closures', { starts_at: `${MONDAY}T${closure[0]}`, ends_at: `${MONDAY}T${closure[1]}`, reason: 'dentist' });
  return supabase;
}

beforeAll(async () => {
  mine = await practice(80.1, ['09:00', '17:00'], ['13:00', '14:00']);
  theirs = await practice(99.9, ['10:00', '18:00'], null);
});

describe('the answers through supabase-js .rpc()', () => {
  it('free_windows and free_slots answer from the caller\'s hours, bookings and closures', async () => {
    const windows = async (supabase: SupabaseClient) => (await supabase.rpc('free_windows', { day_from: MONDAY, day_to: MONDAY })).data;
    expect(await windows(mine)).toEqual([
      { date: MONDAY, start_time: '09:00', end_time: '10:00' },
      { date: MONDAY, start_time: '11:00', end_time: '13:00' },
      { date: MONDAY, start_time: '14:00', end_time: '17:00' },
    ]);
    expect(await windows(theirs)).toEqual([{ date: MONDAY, start_time: '11:00', end_time: '18:00' }]);
    const { data, error } = await mine.rpc('free_slots', { day_from: MONDAY, day_to: MONDAY, length_minutes: 60, step_minutes: 60 }).limit(2);
    expect(error).toBeNull();
    expect(data!.map((slot: { start_time: string }) => slot.start_time)).toEqual(['09:00', '11:00']);
  });

  it('free_time is the appt slots answer', async () => {
    const { data, error } = await mine.rpc('free_time', { day_from: MONDAY, day_to: MONDAY, length_minutes: 90, step_minutes: 30 });
    expect(error).toBeNull();
    expect(data.days[0]).toMatchObject({
      date: MONDAY, closed: false, closures: [{ start: '13:00', end: '14:00', reason: 'dentist' }],
      slots: [{ start: '11:00', end: '12:30' }, { start: '11:30', end: '13:00' }, { start: '14:00', end: '15:30' }, { start: '14:30', end: '16:00' }, { start: '15:00', end: '16:30' }, { start: '15:30', end: '17:00' }],
    });
  });

  it('revenue and profit and loss in exact decimals, each practice its own', async () => {
    const revenue = async (supabase: SupabaseClient) => (await supabase.rpc('revenue_report', { day_from: '2031-03-01', day_to: '2031-03-31', group_by: 'month' })).data;
    expect(await revenue(mine)).toEqual([{ key: '2031-03', label: '2031-03', completed: 1, revenue: 80.1, cancelled: 0, no_show: 0, no_price: 0 }]);
    expect(await revenue(theirs)).toEqual([{ key: '2031-03', label: '2031-03', completed: 1, revenue: 99.9, cancelled: 0, no_show: 0, no_price: 0 }]);
    const { data } = await mine.rpc('pnl_by_category', { day_from: '2031-01-01', day_to: '2031-12-31' });
    expect(data).toEqual([
      { kind: 'revenue', category: 'appointments', amount: 80.1, no_price: 0 },
      { kind: 'expense', category: 'supplies', amount: 8.01, no_price: 0 },
      { kind: 'net', category: '', amount: 72.09, no_price: 0 },
    ]);
  });

  it('the series check and missing notes see only the caller\'s appointments', async () => {
    const occurrences = [{ date: MONDAY, start_time: '10:30', end_time: '11:30' }];
    const check = async (supabase: SupabaseClient) => (await supabase.rpc('series_check', { occurrences })).data.map((row: any) => [row.kind, row.other_client]);
    expect(await check(mine)).toEqual([['overlap', 'Client of 80.1']]);
    expect(await check(theirs)).toEqual([['overlap', 'Client of 99.9']]);
    const missing = await mine.rpc('missing_notes', { since: '2031-03-01', today: '2031-03-31', unsigned_before: '2031-03-31T00:00:00Z' });
    expect(missing.data.map((row: any) => [row.kind, row.client])).toEqual([['no_note', 'Client of 80.1']]);
  });

  it('the anon key alone may execute none of them', async () => {
    const anon = supabaseClient(server);
    const { data, error } = await anon.rpc('free_slots', { day_from: MONDAY, day_to: MONDAY, length_minutes: 60 });
    expect(data).toBeNull();
    // The route does not offer anon a function anon may not execute (PGRST202), where PostgREST answers 42501.
    expect(['PGRST202', '42501']).toContain(error?.code);
  });
});
