// The money answers of migration 18 through supabase-js `.rpc()`, on every store (PGlite, PostgreSQL
// migrated by the service, the Supabase-shaped database with `practice server schema` applied): two
// practices each bill a visit and take payments, and every function answers from the caller's rows
// alone, in exact decimals; completing another practice's visit finds nothing; anon executes none.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.js';
import { supabaseClient } from '../helpers/supabase.js';

const server = await startTestServer();
afterAll(() => server.close());

interface Practice { supabase: SupabaseClient; visit: Record<string, any>; booked: Record<string, any> }
let mine: Practice;
let theirs: Practice;

/** A practice with a client, a completed visit at `price` on 2031-01-06 with `paid` paid on 2031-03-03, one more visit booked. */
async function practice(name: string, price: number, paid: number): Promise<Practice> {
  const supabase = supabaseClient(server, (await server.therapist()).token);
  const one = async (table: string, row: Record<string, unknown>) => {
    const { data, error } = await supabase.from(table).insert(row).select().single();
    expect(error).toBeNull();
    return data as Record<string, any>;
  };
  const client = await one('clients', { name });
  const visit = await one('appointments', { client_id: client.id, date: '2031-01-06', start_time: '10:00', end_time: '11:00', price, status: 'completed' });
  const booked = await one('appointments', { client_id: client.id, date: '2031-03-10', start_time: '10:00', end_time: '11:00', price });
  await one('payments', { client_id: client.id, appointment_id: visit.id, amount: paid, method: 'card', paid_at: '2031-03-03T12:00:00Z' });
  return { supabase, visit, booked };
}

beforeAll(async () => {
  mine = await practice('Ann of mine', 80.1, 50.05);
  theirs = await practice('Bea of theirs', 99.9, 10);
});

describe('the money answers through supabase-js .rpc()', () => {
  it('receivables and balances age and add up the caller\'s clients alone', async () => {
    const { data, error } = await mine.supabase.rpc('receivables', { as_of: '2031-03-31' });
    expect(error).toBeNull();
    expect(data).toEqual([{ client_id: mine.visit.client_id, client_name: 'Ann of mine', days_0_30: 0, days_31_60: 0, days_61_90: 30.05, days_over_90: 0, owed: 30.05, oldest_unpaid: '2031-01-06' }]);
    expect((await theirs.supabase.rpc('receivables', { as_of: '2031-03-31' })).data).toMatchObject([{ client_name: 'Bea of theirs', owed: 89.9 }]);
    expect((await mine.supabase.rpc('balances', { as_of: '2031-03-31' })).data).toMatchObject([{ client_name: 'Ann of mine', billed: 80.1, paid: 50.05, owed: 30.05 }]);
  });

  it('revenue and profit and loss collected, by the day paid in the zone asked', async () => {
    const collected = async (p: Practice) => (await p.supabase.rpc('collected_revenue_report', { day_from: '2031-03-01', day_to: '2031-03-31', group_by: 'client', time_zone: 'Pacific/Auckland' })).data;
    expect(await collected(mine)).toEqual([{ key: mine.visit.client_id, label: 'Ann of mine', payments: 1, received: 50.05, refunded: 0, revenue: 50.05 }]);
    expect(await collected(theirs)).toEqual([{ key: theirs.visit.client_id, label: 'Bea of theirs', payments: 1, received: 10, refunded: 0, revenue: 10 }]);
    const { data, error } = await mine.supabase.rpc('pnl_by_month', { day_from: '2031-01-01', day_to: '2031-03-31', basis: 'collected', time_zone: 'UTC' });
    expect(error).toBeNull();
    expect(data.map((row: any) => [row.month, row.revenue])).toEqual([['2031-01', 0], ['2031-02', 0], ['2031-03', 50.05]]);
    const billed = await theirs.supabase.rpc('pnl_by_category', { day_from: '2031-01-01', day_to: '2031-03-31', basis: 'billed' });
    expect(billed.data).toEqual([{ kind: 'revenue', category: 'appointments', amount: 99.9, no_price: 0 }, { kind: 'net', category: '', amount: 99.9, no_price: 0 }]);
    const bad = await mine.supabase.rpc('pnl_by_month', { day_from: '2031-01-01', day_to: '2031-03-31', basis: 'accrual' });
    expect(bad.error?.message).toContain('basis must be billed or collected');
  });

  it('complete_paid_visit completes the caller\'s visit with its payment, and finds no other practice\'s', async () => {
    const other = await mine.supabase.rpc('complete_paid_visit', { visit_id: theirs.booked.id, method: 'cash' });
    expect(other.error?.message).toContain('No appointment has the id');
    const untouched = await theirs.supabase.from('appointments').select('status').eq('id', theirs.booked.id).single();
    expect(untouched.data).toEqual({ status: 'scheduled' });
    const { data, error } = await theirs.supabase.rpc('complete_paid_visit', { visit_id: theirs.booked.id, method: 'cash', paid_at: '2031-03-10T11:00:00Z' });
    expect(error).toBeNull();
    expect(data).toMatchObject([{ appointment_id: theirs.booked.id, amount: 99.9, package_id: null, paid_before: 0 }]);
    const { data: entries } = await theirs.supabase.from('payments').select('amount,method,appointment_id').eq('id', data[0].payment_id);
    expect(entries).toEqual([{ amount: 99.9, method: 'cash', appointment_id: theirs.booked.id }]);
    expect((await mine.supabase.from('payments').select('id')).data).toHaveLength(1);
  });

  it('the anon key alone may execute none of them', async () => {
    const anon = supabaseClient(server);
    for (const [name, args] of [['receivables', { as_of: '2031-03-31' }], ['complete_paid_visit', { visit_id: mine.booked.id, method: 'cash' }],
      ['collected_revenue_report', { day_from: '2031-03-01', day_to: '2031-03-31' }]] as const) {
      const { data, error } = await anon.rpc(name, args);
      expect(data).toBeNull();
      expect(['PGRST202', '42501']).toContain(error?.code);
    }
  });
});
