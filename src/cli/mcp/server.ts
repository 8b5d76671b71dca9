// The MCP server over stdio: every tool (a writing one refuses on a read-only server) and the
// resources, each answered by verbs' run functions on the server's session (invoke.ts).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import packageJson from '../../../package.json' with { type: 'json' };
import type { Context } from '../context.js';
import { type CommandRunner, commandRunner, type Report, toolResult } from './invoke.js';
import { registerResources } from './resources.js';
import { closeAtEndOfInput } from './session-end.js';
import { TOOLS } from './tools/index.js';
import { argumentNames, type PracticeTool } from './tools/tool.js';

export interface ServeOptions {
  allowWrites: boolean;
}

/** Serves until the client closes stdin. */
export async function serve(ctx: Context, report: Report, { allowWrites }: ServeOptions): Promise<void> {
  // Signed in (or the local service started) before the first message: a missing session fails here, with its hint.
  (await ctx.connection()).api.sendAs('mcp');
  const run = commandRunner(ctx, report);
  const server = new McpServer({ name: 'practice', version: packageJson.version }, { instructions: INSTRUCTIONS });
  for (const tool of TOOLS) {
    server.registerTool(tool.name, {
      title: tool.title,
      description: tool.writes ? `${tool.description}${allowWrites ? '' : ` ${readOnlyRefusal(tool)}`}` : tool.description,
      inputSchema: tool.input,
      annotations: { readOnlyHint: !tool.writes, destructiveHint: false, openWorldHint: false },
    }, (args: Record<string, unknown>) => (tool.writes && !allowWrites ? refused(tool) : call(tool, args, run)));
  }
  registerResources(server, run);
  const closed = new Promise<void>((resolve) => void (server.server.onclose = resolve));
  const transport = new StdioServerTransport(ctx.io.stdin, ctx.io.stdout);
  await server.connect(transport);
  closeAtEndOfInput(transport, ctx.io.stdin, () => void server.close());
  await closed;
}

const INSTRUCTIONS = 'The tools of a small therapy or massage practice, on its owner\'s account: times are in the practice\'s '
  + 'time zone, days may be given as today, tomorrow, mon or YYYY-MM-DD, and clients and services by name or id. A failure '
  + 'says what was wrong and, after "hint:", what to do instead; "practice ..." in a hint is a command the person can run. '
  + 'Ask the person before passing anyway: true, and never present a drafted note as signed.';

async function call(tool: PracticeTool, args: Record<string, unknown>, run: CommandRunner): Promise<CallToolResult> {
  const answers = tool.answer(args);
  const name = argumentNames(tool);
  if (typeof answers === 'function') return toolResult(await run(answers, name));
  // Several reads answer as one JSON object; the first failure answers alone.
  const keys = Object.keys(answers);
  const outcomes = await Promise.all(keys.map((key) => run(answers[key]!, name)));
  const failed = outcomes.find((outcome) => !outcome.ok);
  if (failed) return toolResult(failed);
  const joined = Object.fromEntries(keys.map((key, index) => [key, JSON.parse(outcomes[index]!.stdout)]));
  return toolResult({ ok: true, stdout: JSON.stringify(joined, null, 2), stderr: '' });
}

function readOnlyRefusal(tool: PracticeTool): string {
  return `This server is read-only, so ${tool.name} is refused: it changes the practice's records. `
    + 'Ask the person to restart it with `practice mcp --allow-writes` (in the MCP client\'s configuration: "args": ["mcp", "--allow-writes"]), '
    + 'or to do it themselves with the `practice` CLI.';
}

function refused(tool: PracticeTool): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: `error: ${readOnlyRefusal(tool)}` }] };
}
