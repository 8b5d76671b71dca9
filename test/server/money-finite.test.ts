// Issue 24.8, money is a number: over REST, as any client writes, NaN and the infinities are refused
// in every numeric column (400 in PostgREST's shape, nothing stored), on insert, update and CSV, and
// an amount over numeric(10,2)'s range says the largest accepted.
import { afterAll, describe, expect, it } from 'vitest';
import { createAppointment, createExpense, createService, expectError, practice, REPRESENTATION, rows } from '../helpers/fixtures.js';
import { startTestServer } from '../helpers/server.js';

const server = await startTestServer();
afterAll(() => server.close());

const NOT_NUMBERS = ['NaN', 'nan', 'Infinity', '-Infinity', 'inf'];

describe.each([
  ['service_menu', 'price', { name: 'Swedish', duration: 60 }],
  ['expenses', 'amount', { date: '2025-03-01', category: 'supplies' }],
])('%s.%s', (table, column, fields) => {
  it.each(NOT_NUMBERS)('refuses %j on insert, and stores nothing', async (value) => {
    const t = await practice(server);
    const reply = await t.post(`/${table}`, { ...fields, [column]: value }, REPRESENTATION);
    // NaN meets the check (23514); an infinity, numeric(10,2)'s own bound (22003).
    const body = expectError(reply, 400, value.toLowerCase().includes('nan') ? '23514' : '22003');
    expect(body.message).not.toBe('');
    expect(await rows(t, `/${table}?select=id`)).toEqual([]);
  });

  it('refuses NaN in a CSV body', async () => {
    const t = await practice(server);
    const csv = `${Object.keys(fields).join(',')},${column}\n${Object.values(fields).join(',')},NaN\n`;
    expectError(await t.post(`/${table}`, csv, { 'content-type': 'text/csv' }), 400, '23514');
    expect(await rows(t, `/${table}?select=id`)).toEqual([]);
  });

  it('says the largest amount accepted when one is over it', async () => {
    const t = await practice(server);
    const body = expectError(await t.post(`/${table}`, { ...fields, [column]: 100000000 }), 400, '22003');
    expect(body.hint).toBe('The largest value accepted is 99999999.99.');
    expect((await t.post(`/${table}`, { ...fields, [column]: 99999999.99 })).status).toBe(201);
  });
});

describe('an update', () => {
  it.each([
    ['service_menu', 'price', createService],
    ['expenses', 'amount', createExpense],
    ['appointments', 'price', createAppointment],
  ] as const)('of %s.%s to NaN is refused and the row unchanged', async (table, column, create) => {
    const t = await practice(server);
    const row = await create(t);
    expectError(await t.patch(`/${table}?id=eq.${row.id}`, { [column]: 'NaN' }), 400, '23514');
    const [after] = await rows(t, `/${table}?id=eq.${row.id}&select=${column}`);
    expect(after![column]).toBe(row[column]);
  });
});
