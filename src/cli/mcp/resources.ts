// What an assistant may read without calling a tool: today's schedule and the service menu, as JSON.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Answer, CommandRunner } from './invoke.js';

const RESOURCES: Array<{ name: string; uri: string; title: string; description: string; answer: Answer }> = [
  {
    name: 'today', uri: 'practice://schedule/today', title: "Today's schedule", description: "Today's appointments in the practice's time zone, as JSON rows",
    answer: async (ctx) => (await import('../appt/shared/listing.js')).runList({ date: 'today', json: true }, ctx),
  },
  {
    name: 'services', uri: 'practice://services', title: 'Service menu', description: 'The services offered: name, duration, buffer and price, as JSON rows',
    answer: async (ctx) => (await import('../service/list.js')).runList({ json: true }, ctx),
  },
];

export function registerResources(server: McpServer, run: CommandRunner): void {
  for (const { name, uri, title, description, answer } of RESOURCES) {
    server.registerResource(name, uri, { title, description, mimeType: 'application/json' }, () => read(answer, uri));
  }

  async function read(answer: Answer, uri: string) {
    const outcome = await run(answer);
    // A resource has no error result: the failure's message and hint become the JSON-RPC error's message.
    if (!outcome.ok) throw new Error(outcome.stderr);
    return { contents: [{ uri, mimeType: 'application/json', text: outcome.stdout }] };
  }
}
