// Known refusals read like the CLI, not like PostgreSQL: the service passes PostgreSQL's text on
// (`... violates exclusion constraint "appointments_no_overlap"`), and no constraint name reaches a
// person: the error printer says it in plain words, and a duplicate names the record that has the value.
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInCli } from '../helpers/signed-in-cli.js';
import { weekdayAhead } from '../helpers/days.js';
// A Monday two to three weeks ahead (a fixed date ran out).
const MONDAY = weekdayAhead(1, 14);


const { home } = await signedInCli();

const CONSTRAINT_NAME = /_(key|check|fkey|pkey|no_overlap|excl)\b|constraint "/;

let ann: string;

beforeAll(async () => {
  ann = (await home.run(['client', 'add', '--name', 'Ann Lee', '--email', 'ann@example.com'])).stdout.trim();
  await home.run(['client', 'add', '--name', 'Bo Chen', '--email', 'bo@example.com']);
  await home.run(['service', 'add', '--name', 'Swedish 60', '--duration', '60', '--price', '80']);
  await home.run(['service', 'add', '--name', 'Deep tissue 90', '--duration', '90', '--price', '110']);
});

describe('a duplicate names the record that already has the value', () => {
  it.each([
    ['client add', ['client', 'add', '--name', 'Ann Other', '--email', 'Ann@Example.com'], /^error: Client Ann Lee \([0-9a-f]{8}\) already has the email Ann@Example.com\.$/m],
    ['client update', ['client', 'update', 'Bo Chen', '--email', 'ann@example.com'], /^error: Client Ann Lee \([0-9a-f]{8}\) already has the email ann@example.com\.$/m],
    ['service add', ['service', 'add', '--name', 'swedish 60', '--duration', '60', '--price', '80'], /^error: Service Swedish 60 \([0-9a-f]{8}\) already has the name swedish 60\.$/m],
    ['service update', ['service', 'update', 'Deep tissue 90', '--name', 'SWEDISH 60'], /^error: Service Swedish 60 \([0-9a-f]{8}\) already has the name SWEDISH 60\.$/m],
  ])('%s', async (_, args, message) => {
    const result = await home.run(args);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toMatch(/^hint: Use another (email|name), or change that (client|service): `practice (client|service) update [0-9a-f]{8}`\.$/m);
    expect(result.stderr).not.toMatch(CONSTRAINT_NAME);
  });

  it('a client keeps its own email, in another case', async () => {
    const result = await home.run(['client', 'update', ann, '--email', 'ANN@example.com']);
    expect(result.code, result.stderr).toBe(0);
  });
});

describe('other refusals, in plain words', () => {
  it('a constraint PostgreSQL names, as `practice api` meets it', async () => {
    // The service explains a duplicate itself (migration 4); a check constraint it passes on as PostgreSQL words it.
    const result = await home.run(['api', 'POST', 'expenses', '-f', 'date=2025-01-01', '-F', 'amount=0', '-f', 'category=fees']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: The change was refused: an amount must be more than 0\.$/m);
    const verbose = await home.run(['--verbose', 'api', 'POST', 'expenses', '-f', 'date=2025-01-01', '-F', 'amount=0', '-f', 'category=fees']);
    expect(verbose.stderr).toMatch(/^error: The change was refused: an amount must be more than 0\. \(HTTP 400 23514\)$/m);
    expect(result.stderr).not.toMatch(CONSTRAINT_NAME);
  });

  it('an appointment over another one', async () => {
    expect((await home.run(['appt', 'add', '--client', 'Ann Lee', '--date', MONDAY, '--start', '10', '--end', '11'])).code).toBe(0);
    const result = await home.run(['appt', 'add', '--client', 'Bo Chen', '--date', MONDAY, '--start', '10:30', '--end', '11:30']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: .*(Overlaps|another appointment)/m);
    expect(result.stderr).not.toMatch(CONSTRAINT_NAME);
  });
});
