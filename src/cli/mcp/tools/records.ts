// Writing down what happened: a conversation message, a SOAP note draft, an expense.
import { z } from 'zod';
import { CONVERSATION_CHANNELS, CONVERSATION_ROLES } from '../../../model/record-values.js';
import { tool } from './tool.js';

const CLIENT = 'the client: a name, an id or an id prefix';

export const logMessageTool = tool({
  name: 'log_message',
  title: 'Log a conversation message',
  description: "Add one message to a client's conversation log: who said it, what, and where.",
  input: {
    client: z.string().min(1).describe(CLIENT),
    role: z.enum(CONVERSATION_ROLES).describe('who said it'),
    message: z.string().min(1).describe('what was said'),
    channel: z.enum(CONVERSATION_CHANNELS).optional().describe('where it was said (default: chat)'),
  },
  writes: true,
  flagOf: { client: '--client', role: '--role', message: '--message', channel: '--channel' },
  answer: (args) => async (ctx) => (await import('../../msg/add.js')).runAdd({ ...args, json: true }, ctx),
});

export const draftNoteTool = tool({
  name: 'draft_soap_note',
  title: 'Draft a SOAP note',
  description: 'Write an unsigned SOAP session note for a client, optionally tied to one of their appointments. '
    + 'Signing stays with the therapist (`practice note sign`): this tool cannot sign, and a signed note cannot be changed.',
  input: {
    client: z.string().min(1).describe(CLIENT),
    appointment: z.string().optional().describe('the appointment the note is of: id or id prefix'),
    subjective: z.string().optional().describe('what the client reports'),
    objective: z.string().optional().describe('what was observed and measured'),
    assessment: z.string().optional().describe('the assessment'),
    plan: z.string().optional().describe('treatment and next steps'),
    anyway: z.boolean().default(false).describe('true to write a note of an appointment not held (future, cancelled or no-show), '
      + 'which is refused until then. Only after the person has agreed to it.'),
  },
  writes: true,
  flagOf: {
    client: '--client', appointment: '--appointment', subjective: '--subjective', objective: '--objective', assessment: '--assessment', plan: '--plan',
    anyway: '--yes',
  },
  answer: ({ anyway, ...args }) => async (ctx) => (await import('../../note/add.js')).runAdd({ ...args, yes: anyway, json: true }, ctx),
});

export const recordExpenseTool = tool({
  name: 'record_expense',
  title: 'Record an expense',
  description: 'Log an expense of the practice: amount, category, and optionally the day, the vendor and what it was for.',
  input: {
    amount: z.string().describe('what it cost, like 45 or 45.50 (more than 0)'),
    category: z.string().describe('a lower-case word: supplies, rent, laundry, insurance, marketing, …'),
    date: z.string().default('today').describe('when: today (default), yesterday, mon, -3d or YYYY-MM-DD'),
    vendor: z.string().optional().describe('who was paid'),
    description: z.string().optional().describe('what it was for'),
  },
  writes: true,
  flagOf: { amount: '--amount', category: '--category', date: '--date', vendor: '--vendor', description: '--description' },
  answer: (args) => async (ctx) => (await import('../../expense/add.js')).runAdd({ ...args, json: true }, ctx),
});
