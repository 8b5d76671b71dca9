// `practice mcp`: the built binary as a child process, driven by the MCP SDK's own client over stdio,
// against a real server and a signed-in profile: every tool, the resources, the read-only refusal,
// the CLI's refusals as tool errors, a rate-limited call, and a token renewed mid-session.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, launchPractice, NODE_FLAGS } from '../helpers/cli.js';
import { plusDays, weekdayAhead } from '../helpers/days.js';
import { type SignedInHome, signedInCli } from '../helpers/signed-in-cli.js';

const practice = await signedInCli({ recordRequests: true });
const throttled = await signedInCli({ rateLimits: { readsPerMinute: 4 } });
// Tokens that live 62 s: within two seconds of being issued they are inside the core's 60 s renewal margin.
const shortLived = await signedInCli({ auth: { accessTokenSeconds: 62 }, recordRequests: true });

// A Monday two to four weeks ahead of the real clock, so every slot of it is still bookable, and in
// the month of its Saturday: the month's revenue counts the visit on the Monday and the one cancelled
// on the Saturday.
const DAY = [14, 21].map((days) => weekdayAhead(1, days)).find((monday) => plusDays(monday, 5).slice(0, 7) === monday.slice(0, 7))!;
const THURSDAY = plusDays(DAY, 3);
const FRIDAY = plusDays(DAY, 4);
const SATURDAY = plusDays(DAY, 5);
const open: Client[] = [];
const notProtocol: string[] = [];
afterAll(async () => {
  for (const client of open) await client.close();
  // Every session, its failures included, wrote nothing to stdout but protocol messages.
  expect(notProtocol).toEqual([]);
});

/** `practice <globalFlags> mcp <flags>` as an MCP client starts it. */
async function mcpClient(home: SignedInHome, flags: string[] = [], globalFlags: string[] = []): Promise<Client> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [...NODE_FLAGS, BIN, ...globalFlags, 'mcp', ...flags], env: home.env as Record<string, string>, stderr: 'pipe' });
  const client = new Client({ name: 'practice-test', version: '1.0.0' });
  // A line on stdout that is not a protocol message is reported here (the SDK's read buffer fails on it).
  client.onerror = (error) => notProtocol.push(String(error));
  await client.connect(transport);
  open.push(client);
  return client;
}

interface ToolAnswer {
  isError: boolean;
  /** Each text part: the command's output first, then its notes. */
  parts: string[];
  text: string;
}

async function callTool(client: Client, name: string, args: Record<string, unknown> = {}): Promise<ToolAnswer> {
  const result = await client.callTool({ name, arguments: args });
  const parts = (result.content as Array<{ type: string; text: string }>).map((part) => part.text);
  return { isError: result.isError === true, parts, text: parts.join('\n') };
}

/** A successful call's JSON answer. */
async function json(client: Client, name: string, args: Record<string, unknown> = {}): Promise<any> {
  const answer = await callTool(client, name, args);
  expect(answer.isError, answer.text).toBe(false);
  return JSON.parse(answer.parts[0]!);
}

async function cli(home: SignedInHome, args: string[]): Promise<string> {
  const result = await home.run(args);
  if (result.code !== 0) throw new Error(result.stderr);
  return result.stdout.trim();
}

const { home } = practice;
await cli(home, ['client', 'add', '--name', 'Ann Lee', '--phone', '555-0100']);
await cli(home, ['service', 'add', '--name', 'Swedish 60', '--duration', '60', '--price', '80']);
await cli(home, ['hours', 'set', 'mon-fri', '9am-5pm']);
await cli(home, ['hours', 'set', 'weekend', 'closed']);

describe('practice mcp, read-only (the default)', async () => {
  const client = await mcpClient(home);

  it('lists every tool with an input schema and a description, and no delete tool', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'schedule', 'find_free_slots', 'find_client', 'client_history', 'client_balance', 'month_revenue',
      'book', 'reschedule', 'cancel', 'log_message', 'draft_soap_note', 'record_expense', 'record_payment',
    ]);
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.description!.length).toBeGreaterThan(40);
    }
    expect(tools.find((tool) => tool.name === 'book')!.inputSchema.required).toEqual(['client', 'date', 'start']);
    expect(tools.find((tool) => tool.name === 'book')!.annotations?.readOnlyHint).toBe(false);
    expect(tools.find((tool) => tool.name === 'schedule')!.annotations?.readOnlyHint).toBe(true);
  });

  it('refuses a writing tool, saying how to allow writes, and sends nothing', async () => {
    practice.server.received.length = 0;
    const answer = await callTool(client, 'book', { client: 'ann', date: DAY, start: '10', service: 'swedish 60' });
    expect(answer.isError).toBe(true);
    expect(answer.text).toContain('read-only');
    expect(answer.text).toContain('practice mcp --allow-writes');
    expect(practice.server.received.filter((request) => request.method !== 'GET')).toEqual([]);
    expect(await cli(home, ['appt', 'list', '--date', DAY, '--json'])).toBe('[]');
  });

  it('finds a client', async () => {
    const rows = await json(client, 'find_client', { text: 'lee' });
    expect(rows.map((row: any) => row.name)).toEqual(['Ann Lee']);
  });

  it('reads an argument that looks like a flag as a value, never as a flag', async () => {
    expect(await json(client, 'find_client', { text: '--help' })).toEqual([]);
    const answer = await callTool(client, 'client_history', { client: '--json' });
    expect(answer.isError).toBe(true);
    expect(answer.text).toContain('--json');
  });

  it('answers a bad argument with the CLI\'s message and hint, not a stack trace', async () => {
    const answer = await callTool(client, 'schedule', { day: 'someday' });
    expect(answer.isError).toBe(true);
    // The CLI's message, its flag named as the tool's argument.
    expect(answer.text).toMatch(/^error: `day`: expected a date like .*; got 'someday'/);
    expect(answer.text).not.toMatch(/\bat .*\.c?js:\d+/);
    const unknown = await callTool(client, 'client_history', { client: 'Nobody Known' });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toContain('Nobody Known');
    expect(unknown.text).toContain('hint:');
  });

  it('names a flag parsed deep in a verb as the tool\'s argument', async () => {
    const answer = await callTool(client, 'month_revenue', { month: 'someday' });
    expect(answer.isError).toBe(true);
    expect(answer.text).toMatch(/^error: `month`: /);
  });

  it('rejects arguments outside the input schema before running anything', async () => {
    const answer = await callTool(client, 'month_revenue', { by: 'decade' });
    expect(answer.isError).toBe(true);
    expect(answer.text).toMatch(/by/);
  });

  it('serves the service menu and today\'s schedule as resources', async () => {
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri).sort()).toEqual(['practice://schedule/today', 'practice://services']);
    const menu = await client.readResource({ uri: 'practice://services' });
    const services = JSON.parse((menu.contents[0] as { text: string }).text);
    expect(services.map((service: any) => [service.name, service.duration])).toEqual([['Swedish 60', 60]]);
    const today = await client.readResource({ uri: 'practice://schedule/today' });
    expect(JSON.parse((today.contents[0] as { text: string }).text)).toEqual([]);
  });
});

describe('practice mcp --allow-writes', async () => {
  const client = await mcpClient(home);
  const allowed = await mcpClient(home, ['--allow-writes']);
  let booked: any;

  it('finds free slots of a service on a day', async () => {
    const found = await json(allowed, 'find_free_slots', { from: DAY, service: 'swedish 60', step_minutes: 60 });
    expect(found.days[0].slots.map((slot: any) => slot.start)).toEqual(['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00']);
    const weekend = await json(allowed, 'find_free_slots', { from: SATURDAY, service: 'swedish 60' });
    expect(weekend.days[0].closed).toBe(true);
  });

  it('refuses a day find_free_slots cannot read, naming the argument, instead of answering for today', async () => {
    for (const args of [{ from: 'next thursdy' }, { from: DAY, to: 'someday' }, { from: '2027-02-30' }, { date: 'someday' }]) {
      const answer = await callTool(allowed, 'find_free_slots', { ...args, service: 'swedish 60' });
      expect(answer.isError, answer.text).toBe(true);
      expect(answer.text).toMatch(/`(date|from|to)`/);
      expect(answer.text).not.toMatch(/--[a-z]/);
    }
    // What commander refuses on the command line, the run function refuses for a tool too, in its terms.
    const both = await callTool(allowed, 'find_free_slots', { date: DAY, from: DAY, service: 'swedish 60' });
    expect(both.isError).toBe(true);
    expect(both.text).toMatch(/^error: `date`: not with `from`/);
    const length = await callTool(allowed, 'find_free_slots', { from: DAY, service: 'swedish 60', duration_minutes: 30 });
    expect(length.text).toMatch(/^error: `duration_minutes`: not with `service`/);
    // A day given as `date` is that day, not today.
    const friday = await json(allowed, 'find_free_slots', { date: FRIDAY, service: 'swedish 60' });
    expect([friday.from, friday.to]).toEqual([FRIDAY, FRIDAY]);
  });

  it('books, and the day\'s and the week\'s schedule show it', async () => {
    booked = await json(allowed, 'book', { client: 'ann', date: DAY, start: '10', service: 'swedish 60' });
    expect([booked.date, booked.start_time, booked.end_time, booked.client_name, booked.status]).toEqual([DAY, '10:00', '11:00', 'Ann Lee', 'scheduled']);
    expect((await json(client, 'schedule', { day: DAY })).map((row: any) => row.id)).toEqual([booked.id]);
    expect((await json(client, 'schedule', { day: THURSDAY, week: true })).map((row: any) => row.id)).toEqual([booked.id]);
  });

  it('refuses an overlapping booking, naming the other appointment and what to do', async () => {
    const answer = await callTool(allowed, 'book', { client: 'ann', date: DAY, start: '10:30', service: 'swedish 60' });
    expect(answer.isError).toBe(true);
    expect(answer.text).toContain(booked.id.slice(0, 8));
    expect(answer.text).toMatch(/hint: /);
  });

  it('refuses a booking on a closed day until the person agrees (anyway: true)', async () => {
    const answer = await callTool(allowed, 'book', { client: 'ann', date: SATURDAY, start: '10', service: 'swedish 60' });
    expect(answer.isError).toBe(true);
    expect(answer.text).toMatch(/closed|business hours/);
    expect(answer.text).toContain('hint: Pass `anyway: true`.');
    expect(await cli(home, ['appt', 'list', '--date', SATURDAY, '--json'])).toBe('[]');
    const anyway = await json(allowed, 'book', { client: 'ann', date: SATURDAY, start: '10', service: 'swedish 60', anyway: true });
    expect(anyway.date).toBe(SATURDAY);
    const cancelled = await json(allowed, 'cancel', { id: anyway.id.slice(0, 8) });
    expect(cancelled.status).toBe('cancelled');
  });

  it('names the argument a refusal is about, and the CLI the flag', async () => {
    const answer = await callTool(allowed, 'book', { client: 'ann', date: DAY, start: '25:00', service: 'swedish 60' });
    expect(answer.isError).toBe(true);
    expect(answer.text).toMatch(/^error: `start`: expected a time like 9, 9:30/);
    const result = await home.run(['appt', 'add', '--client', 'ann', '--date', DAY, '--start', '25:00', '--service', 'swedish 60']);
    expect([result.code, result.stderr]).toEqual([2, expect.stringMatching(/^error: --start: expected a time like 9, 9:30/)]);
  });

  it('reschedules, keeping the length', async () => {
    const moved = await json(allowed, 'reschedule', { id: booked.id.slice(0, 8), start: '14' });
    expect([moved.start_time, moved.end_time]).toEqual(['14:00', '15:00']);
  });

  it('logs a message, drafts an unsigned note, and the history shows both', async () => {
    const message = await json(allowed, 'log_message', { client: 'ann', role: 'client', channel: 'sms', message: 'Running 10 min late' });
    expect(message.message).toBe('Running 10 min late');
    // A note records a visit held: one of a visit not started yet is refused in the tool's terms until the person agrees.
    const early = await callTool(allowed, 'draft_soap_note', { client: 'ann', appointment: booked.id, subjective: 'Too early' });
    expect(early.isError).toBe(true);
    expect(early.text).toContain('`anyway: true`');
    expect(early.text).not.toMatch(/--[a-z]/);
    await cli(home, ['appt', 'complete', booked.id, '--yes']);
    const note = await json(allowed, 'draft_soap_note', { client: 'ann', appointment: booked.id, subjective: 'Low back pain, 4/10', plan: 'Heat' });
    expect([note.subjective, note.plan, note.signed_at ?? null]).toEqual(['Low back pain, 4/10', 'Heat', null]);
    const history = await json(client, 'client_history', { client: 'ann' });
    expect(history.client.name).toBe('Ann Lee');
    expect(history.client.last_visits.map((row: any) => row.id)).toContain(booked.id);
    expect(history.client.session_notes.map((row: any) => row.id)).toEqual([note.id]);
    expect(history.messages.map((row: any) => row.message)).toEqual(['Running 10 min late']);
  });

  it('records an expense', async () => {
    const expense = await json(allowed, 'record_expense', { amount: '42.50', category: 'supplies', date: DAY, vendor: 'Oil & Co' });
    expect([expense.amount, expense.category, expense.vendor]).toEqual([42.5, 'supplies', 'Oil & Co']);
  });

  it("reports the month's revenue from completed appointments", async () => {
    await cli(home, ['appt', 'complete', booked.id, '--yes']);
    const rows = await json(client, 'month_revenue', { month: DAY.slice(0, 7), by: 'month' });
    expect(rows).toHaveLength(1);
    expect([rows[0].completed, rows[0].revenue, rows[0].cancelled]).toEqual([1, '80.00', 1]);
  });

  it('records a payment for the visit, and the balance shows what is still owed', async () => {
    const payment = await json(allowed, 'record_payment', { client: 'ann', amount: '50', method: 'card', appointment: booked.id });
    expect([Number(payment.amount), payment.method, payment.appointment_id]).toEqual([50, 'card', booked.id]);
    const [balance] = await json(client, 'client_balance', { client: 'ann' });
    expect([balance.client_name, Number(balance.billed), Number(balance.paid), Number(balance.owed)]).toEqual(['Ann Lee', 80, 50, 30]);
    const refused = await callTool(client, 'record_payment', { client: 'ann', amount: '10', method: 'cash' });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('read-only');
  });

  it('refuses to cancel a held visit, saying which statuses it may take instead', async () => {
    const answer = await callTool(allowed, 'cancel', { id: booked.id });
    expect(answer.isError).toBe(true);
    expect(answer.text).toMatch(new RegExp(`^error: \\w{8} Ann Lee, ${DAY} 14:00-15:00 \\(completed\\): an appointment that is completed cannot become cancelled; allowed next: confirmed\\.$`));
    expect(JSON.parse(await cli(home, ['appt', 'show', booked.id, '--json', 'status'])).status).toBe('completed');
  });

});

describe('practice mcp, rate-limited', async () => {
  const client = await mcpClient(throttled.home, [], ['--max-wait', '0']);

  it('answers a call over the limit with the CLI\'s message and hint', async () => {
    const answers: ToolAnswer[] = [];
    for (let call = 0; call < 6; call++) answers.push(await callTool(client, 'find_client', { text: 'x' }));
    const limited = answers.find((answer) => answer.isError);
    expect(limited, 'a call past 4 reads a minute').toBeDefined();
    expect(limited!.text).toMatch(/429|rate limit|too many/i);
    expect(limited!.text).not.toMatch(/\bat .*\.c?js:\d+/);
  });
});

describe('practice mcp, with a token expiring mid-session', async () => {
  const client = await mcpClient(shortLived.home);

  it('renews it before the next call, which succeeds, and keeps the new session', async () => {
    expect(await json(client, 'find_client', { text: 'x' })).toEqual([]);
    const before = (await shortLived.home.readConfig()).profiles.test.session;
    // Until the token is inside the renewal margin (at most two seconds: it lives 62).
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, (before.expires_at - 59) * 1000 - Date.now())));
    shortLived.server.received.length = 0;
    expect(await json(client, 'find_client', { text: 'x' })).toEqual([]);
    const refreshes = shortLived.server.received.filter((request) => request.url.startsWith('/auth/v1/token?grant_type=refresh_token'));
    expect(refreshes).toHaveLength(1);
    const after = (await shortLived.home.readConfig()).profiles.test.session;
    expect(after.refresh_token).not.toBe(before.refresh_token);
    expect(after.expires_at).toBeGreaterThan(before.expires_at);
  });
});

describe('practice mcp, ended by its client', () => {
  it('answers the calls under way, then exits 0 when its stdin closes, having written only protocol messages', async () => {
    const messages = [
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'find_client', arguments: { text: 'lee' } } },
    ];
    const launched = launchPractice(['mcp'], practice.home.env, messages.map((message) => `${JSON.stringify(message)}\n`).join(''));
    const result = await launched.result;
    expect(result.code).toBe(0);
    const answers = result.stdout.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line));
    expect(answers.map((answer) => [answer.jsonrpc, answer.id])).toEqual([['2.0', 1], ['2.0', 2]]);
    expect(answers[0].result.serverInfo.name).toBe('practice');
    expect(JSON.parse(answers[1].result.content[0].text).map((row: any) => row.name)).toEqual(['Ann Lee']);
  });
});
