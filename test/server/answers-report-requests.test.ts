// The reports of migration 12 count bookings, not requests from the booking page (migration 25), on
// every store through supabase-js `.rpc()`: a request waiting for the therapist is not booked yet, a
// declined one (cancelled straight from requested) was never a booking and is no cancellation, while
// an accepted request is a booking like any other, cancelled or completed; a request still held keeps
// its client from counting as lapsed. The answer is the server's to keep: a hand cannot set it.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.js';
import { supabaseClient } from '../helpers/supabase.js';

const server = await startTestServer();
afterAll(() => server.close());

let supabase: SupabaseClient;
const ids: Record<string, string> = {};

/** The row written, or the test fails with the service's error. */
async function write(table: string, row: Record<string, unknown>, id?: string): Promise<Record<string, any>> {
  const { data, error } = id === undefined
    ? await supabase.from(table).insert(row).select().single()
    : await supabase.from(table).update(row).eq('id', id).select().single();
  expect(error).toBeNull();
  return data as Record<string, any>;
}

/** An appointment of `client` on `date` at 10:00, written in `statuses` one after the other. */
async function visit(name: string, client: string, date: string, ...statuses: string[]): Promise<void> {
  const [first, ...then] = statuses;
  let row = await write('appointments', { client_id: client, date, start_time: '10:00', end_time: '11:00', price: 80, status: first });
  for (const status of then) row = await write('appointments', { status }, row.id);
  ids[name] = row.id;
}

beforeAll(async () => {
  supabase = supabaseClient(server, (await server.therapist()).token);
  const ann = (await write('clients', { name: 'Ann Lee' })).id;
  await visit('completed', ann, '2031-01-06', 'completed');
  await visit('cancelled booking', ann, '2031-01-07', 'scheduled', 'cancelled');
  await visit('no-show', ann, '2031-01-08', 'scheduled', 'no_show');
  await visit('waiting', ann, '2031-01-09', 'requested');
  await visit('declined', ann, '2031-01-10', 'requested', 'cancelled');
  await visit('accepted, came', ann, '2031-01-13', 'requested', 'scheduled', 'completed');
  await visit('accepted, cancelled', ann, '2031-01-14', 'requested', 'scheduled', 'cancelled');
  await visit('declined, booked after all', ann, '2031-01-15', 'requested', 'cancelled', 'scheduled');
  // Two clients last seen in October; one has asked for a visit in February.
  const bea = (await write('clients', { name: 'Bea Roe' })).id;
  const cy = (await write('clients', { name: 'Cy Poe' })).id;
  await visit('bea before', bea, '2030-10-01', 'completed');
  await visit('cy before', cy, '2030-10-02', 'completed');
  await visit('bea asks', bea, '2031-02-10', 'requested');
});

describe('reports count bookings, not requests', () => {
  it('keeps the practice\'s answer to each request, and only requests have one', async () => {
    const { data, error } = await supabase.from('appointments').select('id, request_answer').in('id', Object.values(ids));
    expect(error).toBeNull();
    const answerOf = Object.fromEntries(Object.entries(ids).map(([name, id]) => [name, data!.find((row) => row.id === id)!.request_answer]));
    expect(answerOf).toEqual({
      'completed': null, 'cancelled booking': null, 'no-show': null, 'waiting': null, 'declined': 'declined',
      'accepted, came': 'accepted', 'accepted, cancelled': 'accepted', 'declined, booked after all': 'accepted',
      'bea before': null, 'cy before': null, 'bea asks': null,
    });
  });

  it('visits_report: a waiting or declined request is neither booked nor cancelled', async () => {
    const { data, error } = await supabase.rpc('visits_report', { day_from: '2031-01-01', day_to: '2031-01-31', group_by: 'month' });
    expect(error).toBeNull();
    // Booked: the completed, cancelled and no-show bookings, and the three accepted requests.
    expect(data).toEqual([{ key: '2031-01', label: '2031-01', booked: 6, visits: 2, no_show: 1, cancelled: 2, no_show_rate: 33.3, cancellation_rate: 33.3 }]);
  });

  it('revenue_report: a declined request is no cancellation', async () => {
    const { data, error } = await supabase.rpc('revenue_report', { day_from: '2031-01-01', day_to: '2031-01-31', group_by: 'month' });
    expect(error).toBeNull();
    expect(data).toEqual([{ key: '2031-01', label: '2031-01', completed: 2, revenue: 160, cancelled: 2, no_show: 1, no_price: 0 }]);
  });

  it('clients_report: a client whose request is held has not lapsed', async () => {
    const { data, error } = await supabase.rpc('clients_report', { day_from: '2031-01-01', day_to: '2031-01-31', today: '2031-01-31', lapse_days: 60, lapsed_only: true });
    expect(error).toBeNull();
    expect(data.map((row: { client: string }) => row.client)).toEqual(['Cy Poe']);
  });

  it('a hand cannot give a booking an answer, nor take a request\'s away', async () => {
    await write('appointments', { request_answer: 'declined' }, ids['cancelled booking']);
    await write('appointments', { request_answer: null, notes: 'moved by hand' }, ids.declined);
    const { data } = await supabase.from('appointments').select('id, request_answer').in('id', [ids['cancelled booking'], ids.declined]);
    expect(Object.fromEntries(data!.map((row) => [row.id, row.request_answer]))).toEqual({ [ids['cancelled booking']!]: null, [ids.declined!]: 'declined' });
  });
});
