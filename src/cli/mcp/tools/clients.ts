// Finding a client and reading what the practice knows of them.
import { z } from 'zod';
import { tool } from './tool.js';

const CLIENT = 'the client: a name (or part of it), an id or an id prefix, as find_client returns';

export const findClientTool = tool({
  name: 'find_client',
  title: 'Find a client',
  description: 'Clients whose name, phone or email contains the text (case-insensitive), as JSON rows with their ids.',
  input: { text: z.string().min(1).describe('part of the name, phone number or email') },
  writes: false,
  flagOf: {},
  answer: ({ text }) => async (ctx) => (await import('../../client/search.js')).runSearch(text, { json: true }, ctx),
});

export const clientHistoryTool = tool({
  name: 'client_history',
  title: "A client's history",
  description: "One client's record with their last visits (completed), upcoming appointments and session notes, and their "
    + 'conversation log (newest messages), as one JSON object: { client: {..., last_visits, upcoming, session_notes}, messages: [...] }.',
  input: {
    client: z.string().min(1).describe(CLIENT),
    recent: z.number().int().positive().max(100).default(5).describe('how many appointments and notes'),
    messages: z.number().int().positive().max(200).default(20).describe('how many messages, the newest'),
  },
  writes: false,
  flagOf: { recent: '--recent', messages: '--limit' },
  answer: ({ client, recent, messages }) => ({
    client: async (ctx) => (await import('../../client/show.js')).runShow(client, { recent: String(recent), json: true }, ctx),
    messages: async (ctx) => (await import('../../msg/list.js')).runList({ client, limit: String(messages), json: true }, ctx),
  }),
});
