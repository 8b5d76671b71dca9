// What an assistant may read without calling a tool: today's schedule and the service menu, as JSON.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CommandRunner } from './invoke.js';

const RESOURCES = [
  { name: 'today', uri: 'practice://schedule/today', title: "Today's schedule", description: "Today's appointments in the practice's time zone, as JSON rows", argv: ['appt', 'today', '--json'] },
  { name: 'services', uri: 'practice://services', title: 'Service menu', description: 'The services offered: name, duration, buffer and price, as JSON rows', argv: ['service', 'list', '--json'] },
];

export function registerResources(server: McpServer, run: CommandRunner): void {
  for (const { name, uri, title, description, argv } of RESOURCES) {
    server.registerResource(name, uri, { title, description, mimeType: 'application/json' }, () => read(argv, uri));
  }

  async function read(argv: string[], uri: string) {
    const outcome = await run(argv);
    // A resource has no error result: the failure's message and hint become the JSON-RPC error's message.
    if (!outcome.ok) throw new Error(outcome.stderr);
    return { contents: [{ uri, mimeType: 'application/json', text: outcome.stdout }] };
  }
}
