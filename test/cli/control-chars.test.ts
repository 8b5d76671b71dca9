// Nothing in the data can drive the terminal or a spreadsheet: control characters in stored values
// come out escaped in TSV, show output and messages (errors too), unchanged in JSON; every CSV the
// CLI prints guards cells a spreadsheet would run as a formula.
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInCli } from '../helpers/signed-in-cli.js';
import { weekdayAhead } from '../helpers/days.js';
// A Thursday two to three weeks ahead (a fixed date ran out).
const THURSDAY = weekdayAhead(4, 14);


const { home } = await signedInCli();

// Would retitle the terminal window, then turn the text red.
const NAME = 'Eve \u001b]0;pwned\u0007\u001b[31mRed\u009b';
const SHOWN = 'Eve \\x1b]0;pwned\\x07\\x1b[31mRed\\x9b';
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

let id: string;

beforeAll(async () => {
  const added = await home.run(['client', 'add', '--name', NAME, '--notes', 'line one\nline\u001b[2J two', '--phone', '=HYPERLINK("http://evil")']);
  expect(added.code, added.stderr).toBe(0);
  id = added.stdout.trim();
  expect(added.stderr).toBe(`✓ Added client ${SHOWN} (${id.slice(0, 8)}).\n`);
  const note = await home.run(['note', 'add', '--client', id, '-S', 'Said \u001b[8mhidden\u001b[0m things\n\tindented']);
  expect(note.code, note.stderr).toBe(0);
  const booked = await home.run(['appt', 'add', '--client', id, '--date', THURSDAY, '--start', '9', '--end', '10', '--notes', '@SUM(A1)']);
  expect(booked.code, booked.stderr).toBe(0);
});

describe('control characters', () => {
  it('are escaped in TSV, one record a line', async () => {
    const result = await home.run(['client', 'list']);
    expect(result.stdout).not.toMatch(RAW);
    expect(result.stdout).toContain(`${id.slice(0, 8)}\t${SHOWN}\t`);
  });

  it('are kept as they are in JSON and NDJSON', async () => {
    const [client] = JSON.parse((await home.run(['client', 'search', 'Eve', '--json', 'name,notes'])).stdout);
    expect(client).toEqual({ name: NAME, notes: 'line one\nline\u001b[2J two' });
    const line = (await home.run(['client', 'search', 'Eve', '--format', 'ndjson', '--json', 'name'])).stdout;
    expect(JSON.parse(line)).toEqual({ name: NAME });
  });

  it('are escaped in show output, which keeps its own line breaks', async () => {
    const client = await home.run(['client', 'show', id]);
    expect(client.stdout).not.toMatch(RAW);
    expect(client.stdout).toContain(SHOWN);
    expect(client.stdout).toContain('notes:  line one\\nline\\x1b[2J two');
    const [note] = JSON.parse((await home.run(['note', 'list', '--client', id, '--json', 'id'])).stdout);
    const shown = await home.run(['note', 'show', note.id]);
    expect(shown.stdout).not.toMatch(RAW);
    expect(shown.stdout).toContain('Said \\x1b[8mhidden\\x1b[0m things\n\tindented');
  });

  it('are escaped in error messages, which quote what was typed', async () => {
    const result = await home.run(['client', 'show', 'Nobody\u001b[2J']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("no client matches 'Nobody\\x1b[2J'");
    expect(result.stderr).not.toMatch(RAW);
    const usage = await home.run(['client', 'list', '--status', 'gone\u001b[2J']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("argument 'gone\\x1b[2J' is invalid");
    expect(usage.stderr).not.toMatch(RAW);
  });
});

describe('CSV', () => {
  it('guards formula cells in --format csv of a list, as exports do', async () => {
    const clients = await home.run(['client', 'search', 'Eve', '--format', 'csv', '--json', 'name,phone']);
    expect(clients.stdout).toBe(`name,phone\r\n${NAME},"'=HYPERLINK(""http://evil"")"\r\n`);
    const appointments = await home.run(['appt', 'list', '--date', THURSDAY, '--format', 'csv', '--json', 'notes']);
    expect(appointments.stdout).toBe("notes\r\n'@SUM(A1)\r\n");
  });

  it('guards a record a write prints with --format csv', async () => {
    const result = await home.run(['client', 'update', id, '--notes', '+cmd|calc', '--format', 'csv', '--json', 'notes']);
    expect(result.stdout).toBe("notes\r\n'+cmd|calc\r\n");
  });
});
