// `practice mcp`: the practice as tools for an assistant, over the Model Context Protocol on stdio.
// Loaded only when invoked (program.ts), so no other command loads the MCP SDK.
import { Command } from 'commander';
import type { Context } from '../context.js';
import type { Report } from './invoke.js';
import { serve } from './server.js';
import { TOOLS } from './tools/index.js';

const toolList = (writes: boolean) => TOOLS.filter((tool) => tool.writes === writes).map((tool) => `  ${tool.name.padEnd(18)}${tool.title}`).join('\n');

/** The command, given the CLI's report() to say a tool's failure with (the noun table passes it: no noun imports it). */
export const mcpCommand = (report: Report) => (ctx: Context): Command =>
  new Command('mcp')
    .option('--allow-writes', 'serve the writing tools too (without it they are listed but refuse, saying how to enable them)')
    .addHelpText('before', `Examples:
  $ practice mcp
  $ practice mcp --allow-writes
  $ practice mcp --profile work --allow-writes
  $ npx @modelcontextprotocol/inspector practice mcp
`)
    .addHelpText('after', `
Runs an MCP server on stdin/stdout for an assistant (a desktop app, an editor, an agent) that starts
it; stdout carries protocol messages only, logs go to stderr. It uses the profile's session, as every
command does: sign in first with \`practice auth login\`. An MCP client's configuration:

  {"mcpServers": {"practice": {"command": "practice", "args": ["mcp"]}}}

Tools that read:
${toolList(false)}
Tools that write (with --allow-writes; nothing is ever deleted, and notes stay unsigned):
${toolList(true)}
Resources: practice://schedule/today (today's schedule), practice://services (the service menu).

A failure comes back as a tool error with the command's own message and hint.`)
    .action((options: { allowWrites?: boolean }) => serve(ctx, report, { allowWrites: options.allowWrites ?? false }));
