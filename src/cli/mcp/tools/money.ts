// What a client owes, and recording what they paid. A payment is a ledger entry: once recorded it is
// corrected only by a refund or void at the terminal, so the model records one only when told to.
import { z } from 'zod';
import { tool } from './tool.js';

const CLIENT = 'the client: a name (or part of it), an id or an id prefix, as find_client returns';
const METHODS = ['cash', 'card', 'transfer', 'insurance', 'package', 'voucher', 'other'] as const;

export const clientBalanceTool = tool({
  name: 'client_balance',
  title: "A client's balance",
  description: "What one client was billed (completed visits at their kept price, less what packages cover), paid and owes, "
    + 'with their oldest unpaid visit, as JSON rows (money as exact decimal strings).',
  input: { client: z.string().min(1).describe(CLIENT) },
  writes: false,
  flagOf: { client: '--client' },
  answer: ({ client }) => async (ctx) => (await import('../../balance/index.js')).runBalance({ client, all: true, json: true }, ctx),
});

export const recordPaymentTool = tool({
  name: 'record_payment',
  title: 'Record a payment',
  description: 'Record that a client paid. A recorded payment cannot be edited or deleted (the therapist corrects one with '
    + 'a refund or void), so record one only when the person says the money was received. Returns the payment as JSON.',
  input: {
    client: z.string().min(1).describe(CLIENT),
    amount: z.string().regex(/^\d+(\.\d{1,2})?$/).describe('how much, like 85 or 85.50 (more than 0)'),
    method: z.enum(METHODS).describe('how it was paid'),
    appointment: z.string().optional().describe('the visit it pays for: an appointment id or prefix, as schedule returns'),
    reference: z.string().optional().describe('a receipt, transaction or cheque number'),
  },
  writes: true,
  flagOf: { client: '--client', amount: '--amount', method: '--method', appointment: '--appointment', reference: '--reference' },
  answer: (args) => async (ctx) => (await import('../../pay/add.js')).runAdd({ ...args, json: true }, ctx),
});
