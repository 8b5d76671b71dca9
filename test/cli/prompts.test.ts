// The questions the CLI asks at a terminal, answered at a real one (a pseudo-terminal): a missing
// value, a choice between names, confirmations, the SOAP parts, email and a hidden password, and
// --no-input refusing to ask. Every outcome is read back through the service.
import { afterAll, describe, expect, it } from 'vitest';
import { type CliHome, tempHome } from '../helpers/cli.js';
import { signedInCli } from '../helpers/signed-in-cli.js';
import { atTerminal, KEY } from '../helpers/terminal.js';

const { server, home } = await signedInCli();

type Answers = Array<[question: string, keys: string]>;

/** `practice <args>` at a terminal (the signed-in home's), typing each answer once its question shows. */
async function answering(args: string[], answers: Answers, env = home.env) {
  const terminal = atTerminal(args, env);
  for (const [question, keys] of answers) await terminal.answer(question, keys);
  return terminal.exit();
}

/** Rows of `table` matching the filters, read back through the service (piped, not at the terminal). */
async function rows(table: string, ...filters: string[]): Promise<Array<Record<string, any>>> {
  const result = await home.run(['api', 'GET', table, ...filters.flatMap((filter) => ['-q', filter])]);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

/** A record made without prompts; the command prints its id. */
async function created(args: string[]): Promise<string> {
  const result = await home.run(args);
  expect(result.code, result.stderr).toBe(0);
  return result.stdout.trim();
}

describe('a missing required value', () => {
  it('client add asks for the name and adds the client as typed', async () => {
    const { code, screen } = await answering(['client', 'add', '--phone', '555-0142'], [['Name', `Nia Park${KEY.enter}`]]);
    expect(code, screen).toBe(0);
    expect(screen).toContain('✔ Name Nia Park');
    const [client] = await rows('clients', 'name=eq.Nia Park');
    expect(client).toMatchObject({ name: 'Nia Park', phone: '555-0142' });
    // The id still goes to stdout, here the terminal, after the question.
    expect(screen).toContain(`${client!.id}\n`);
  });

  it('Ctrl-C at the question cancels with exit 130 and adds nothing', async () => {
    const { code, screen } = await answering(['client', 'add', '--phone', '555-0143'], [['Name', `Half typed${KEY.ctrlC}`]]);
    expect(code, screen).toBe(130);
    expect(screen).toContain('Cancelled.');
    expect(await rows('clients', 'phone=eq.555-0143')).toEqual([]);
  });

  it('note add asks for each SOAP part, - or Enter skipping one', async () => {
    const client = await created(['client', 'add', '--name', 'Sol Reyes']);
    const { code, screen } = await answering(['note', 'add', '--client', 'Sol Reyes'], [
      ['Subjective: what the client reports (- to skip)', `Sore lower back${KEY.enter}`],
      ['Objective: what you observed and measured (- to skip)', KEY.enter],
      ['Assessment: your assessment (- to skip)', `-${KEY.enter}`],
      ['Plan: treatment and next steps (- to skip)', `Stretch daily${KEY.enter}`],
    ]);
    expect(code, screen).toBe(0);
    const id = screen.match(/^([0-9a-f-]{36})$/m)?.[1];
    expect(id, screen).toBeDefined();
    expect(await rows('sessions', `id=eq.${id}`)).toMatchObject([
      { client_id: client, subjective: 'Sore lower back', objective: null, assessment: null, plan: 'Stretch daily' },
    ]);
  });
});

describe('a confirmation', () => {
  it('client delete answered y deletes the client', async () => {
    const id = await created(['client', 'add', '--name', 'Typo Nmae']);
    const { code, screen } = await answering(['client', 'delete', 'Typo Nmae'], [[`Delete client Typo Nmae (${id.slice(0, 8)})? This cannot be undone. (y/N)`, `y${KEY.enter}`]]);
    expect(code, screen).toBe(0);
    expect(screen).toContain(`Deleted client Typo Nmae (${id.slice(0, 8)}).`);
    expect(await rows('clients', `id=eq.${id}`)).toEqual([]);
  });

  it.each([
    ['answered n', `n${KEY.enter}`],
    ['answered with Enter (the default, no)', KEY.enter],
  ])('client delete %s changes nothing', async (_, keys) => {
    const id = await created(['client', 'add', '--name', `Keep Me ${keys.length}`]);
    const { code, screen } = await answering(['client', 'delete', id.slice(0, 8)], [['This cannot be undone. (y/N)', keys]]);
    expect(code, screen).toBe(1);
    expect(screen).toContain('Cancelled; nothing changed.');
    expect(await rows('clients', `id=eq.${id}`)).toMatchObject([{ id, name: `Keep Me ${keys.length}` }]);
  });

  it('note delete answered y deletes the note', async () => {
    await created(['client', 'add', '--name', 'Ivo Brandt']);
    const note = await created(['note', 'add', '--client', 'Ivo Brandt', '-S', 'Draft to drop']);
    const { code, screen } = await answering(['note', 'delete', note.slice(0, 8)], [[`Delete note ${note.slice(0, 8)}? This cannot be undone. (y/N)`, `y${KEY.enter}`]]);
    expect(code, screen).toBe(0);
    expect(await rows('sessions', `id=eq.${note}`)).toEqual([]);
  });

  it('client archive answered y archives the client', async () => {
    const id = await created(['client', 'add', '--name', 'Moved Away']);
    const { code, screen } = await answering(['client', 'archive', 'Moved Away'], [[`Archive client Moved Away (${id.slice(0, 8)})? (y/N)`, `y${KEY.enter}`]]);
    expect(code, screen).toBe(0);
    expect(await rows('clients', `id=eq.${id}`)).toMatchObject([{ id, status: 'inactive' }]);
  });

  it('appt delete answered n keeps the appointment', async () => {
    await created(['client', 'add', '--name', 'Ada Quist']);
    const appt = await created(['appt', 'add', '--client', 'Ada Quist', '--date', '2037-11-24', '--start', '10', '--end', '11']);
    const { code, screen } = await answering(['appt', 'delete', appt.slice(0, 8)], [['? (y/N)', `n${KEY.enter}`]]);
    expect(code, screen).toBe(1);
    expect(screen).toContain('Cancelled; nothing changed.');
    expect(await rows('appointments', `id=eq.${appt}`)).toMatchObject([{ id: appt, status: 'scheduled' }]);
  });

  it('appt add outside business hours asks, and books only when answered y', async () => {
    await created(['client', 'add', '--name', 'Eli Moss']);
    expect((await home.run(['hours', 'set', 'monday', '09:00-17:00'])).code).toBe(0);
    const book = (start: string, keys: string) => answering(
      ['appt', 'add', '--client', 'Eli Moss', '--date', '2026-11-23', '--start', start, '--end', `${Number(start) + 1}`],
      [['Book it anyway? (y/N)', keys]],
    );

    const no = await book('18', `n${KEY.enter}`);
    expect(no.code, no.screen).toBe(1);
    expect(no.screen).toContain('18:00-19:00 on monday 2026-11-23 is outside business hours (09:00-17:00).');
    expect(no.screen).toContain('Cancelled; nothing changed.');
    expect(await rows('appointments', 'client_name=eq.Eli Moss')).toEqual([]);

    const yes = await book('19', `y${KEY.enter}`);
    expect(yes.code, yes.screen).toBe(0);
    expect(await rows('appointments', 'client_name=eq.Eli Moss')).toMatchObject([{ date: '2026-11-23', start_time: '19:00', end_time: '20:00' }]);
  });
});

describe('what appt asks before it writes', () => {
  /** `practice <args>` answered n, then answered y: each exit code, and the screen of each. */
  async function noThenYes(args: string[], question: string) {
    const no = await answering(args, [[question, `n${KEY.enter}`]]);
    expect(no.code, no.screen).toBe(1);
    expect(no.screen).toContain('Cancelled; nothing changed.');
    return { no, yes: () => answering(args, [[question, `y${KEY.enter}`]]) };
  }

  it('appt add of an archived client on a closed day names both and asks once', async () => {
    await created(['client', 'add', '--name', 'Gone Away']);
    expect((await home.run(['client', 'archive', 'Gone Away', '--yes'])).code).toBe(0);
    expect((await home.run(['hours', 'set', 'monday', '09:00-17:00'])).code).toBe(0);
    // 2025-11-29 is a Saturday, a day without hours.
    const args = ['appt', 'add', '--client', 'Gone Away', '--date', '2025-11-29', '--start', '10', '--end', '11'];
    const { no, yes } = await noThenYes(args, 'Book it anyway? (y/N)');
    expect(no.screen).toContain('10:00-11:00 on saturday 2025-11-29 is outside business hours (closed on saturdays).');
    expect(no.screen).toContain('Gone Away is an archived client.');
    expect(await rows('appointments', 'client_name=eq.Gone Away')).toEqual([]);
    const booked = await yes();
    expect(booked.code, booked.screen).toBe(0);
    expect(await rows('appointments', 'client_name=eq.Gone Away')).toMatchObject([{ date: '2025-11-29', start_time: '10:00' }]);
  });

  it('appt complete before the start asks, and so does undoing the completion', async () => {
    await created(['client', 'add', '--name', 'Una Early']);
    // Piped with --yes: whatever day +30d is, the booking asks nothing here.
    const appt = await created(['appt', 'add', '--client', 'Una Early', '--date', '+30d', '--start', '10', '--end', '11', '--yes']);
    const complete = await noThenYes(['appt', 'complete', appt], 'Complete it anyway? (y/N)');
    expect(complete.no.screen).toContain('has not started yet');
    expect(await rows('appointments', `id=eq.${appt}`)).toMatchObject([{ status: 'scheduled' }]);
    expect((await complete.yes()).code).toBe(0);
    expect(await rows('appointments', `id=eq.${appt}`)).toMatchObject([{ status: 'completed' }]);

    const undo = await noThenYes(['appt', 'confirm', appt.slice(0, 8)], `Undo the completion of ${appt.slice(0, 8)} Una Early, `);
    expect(undo.no.screen).toContain('(completed)? It no longer counts as a visit. (y/N)');
    expect(await rows('appointments', `id=eq.${appt}`)).toMatchObject([{ status: 'completed' }]);
    expect((await undo.yes()).code).toBe(0);
    expect(await rows('appointments', `id=eq.${appt}`)).toMatchObject([{ status: 'confirmed' }]);
  });

  it('appt complete --all-unresolved lists what it would complete and asks once, in words for one or for several', async () => {
    await created(['client', 'add', '--name', 'Ivo Late']);
    const past = async (date: string) => created(['appt', 'add', '--client', 'Ivo Late', '--date', date, '--start', '10', '--end', '11', '--yes']);
    const first = await past('2021-03-01');
    const one = await noThenYes(['appt', 'complete', '--all-unresolved', '--before', '2021-03-02'], 'Complete this appointment? (y/N)');
    expect(one.no.screen).toContain(`${first.slice(0, 8)}`);
    await past('2021-03-02');
    const both = await answering(['appt', 'complete', '--all-unresolved', '--before', '2021-03-03'], [['Complete these 2 appointments? (y/N)', `y${KEY.enter}`]]);
    expect(both.code, both.screen).toBe(0);
    expect(await rows('appointments', 'client_name=eq.Ivo Late', 'select=status')).toEqual([{ status: 'completed' }, { status: 'completed' }]);
  });
});

describe('a choice between names', () => {
  it('client delete of a name two clients share asks which, then confirms that one', async () => {
    const ann = await created(['client', 'add', '--name', 'Lee Ann']);
    const bo = await created(['client', 'add', '--name', 'Lee Bo']);
    const { code, screen } = await answering(['client', 'delete', 'lee'], [
      [`Lee Bo (${bo.slice(0, 8)})`, `${KEY.down}${KEY.enter}`],
      [`Delete client Lee Bo (${bo.slice(0, 8)})?`, `y${KEY.enter}`],
    ]);
    expect(code, screen).toBe(0);
    expect(screen).toContain(`✔ Which client do you mean by 'lee'? Lee Bo (${bo.slice(0, 8)})`);
    expect(await rows('clients', 'name=like.Lee*', 'select=id')).toEqual([{ id: ann }]);
  });
});

describe('email and password', () => {
  const homes: CliHome[] = [];
  afterAll(() => Promise.all(homes.map((made) => made.cleanup())));

  /** A home with profile `test` on the server, signed in to nothing. */
  async function signedOutHome(): Promise<CliHome> {
    const made = await tempHome();
    homes.push(made);
    const added = await made.run(['profile', 'add', 'test', '--url', server.url, '--anon-key', server.keys.anonKey, '--use']);
    expect(added.code, added.stderr).toBe(0);
    return made;
  }

  it('auth login asks for both, never showing the password, and signs in', async () => {
    const account = await server.signUp(undefined, 'hunter2-secret');
    const fresh = await signedOutHome();
    const { code, screen, raw } = await answering(['auth', 'login'], [
      ['Email', `${account.user.email}${KEY.enter}`],
      ['Password', `hunter2-secret${KEY.enter}`],
    ], fresh.env);
    expect(code, screen).toBe(0);
    expect(screen).toContain(`✔ Email ${account.user.email}`);
    expect(screen).toContain(`✔ Password ${'*'.repeat('hunter2-secret'.length)}`);
    // Neither echoed by the terminal nor drawn by the prompt, in any form.
    expect(raw).not.toContain('hunter2');
    expect(screen).not.toContain('hunter2');
    const status = await fresh.run(['auth', 'status', '--json']);
    expect(JSON.parse(status.stdout)).toMatchObject({ signed_in: true, user: { email: account.user.email } });
  });

  it('auth signup asks for the password twice and refuses two that differ, creating nobody', async () => {
    const fresh = await signedOutHome();
    const email = `typo-${Date.now()}@example.com`;
    const { code, screen, raw } = await answering(['auth', 'signup'], [
      ['Email', `${email}${KEY.enter}`],
      ['Password', `first-secret${KEY.enter}`],
      ['Password again', `second-secret${KEY.enter}`],
    ], fresh.env);
    expect(code, screen).toBe(2);
    expect(screen).toContain('The two passwords differ.');
    expect(raw).not.toMatch(/first-secret|second-secret/);
    const users = await server.db.query('select 1 from auth.users where email = $1', [email]);
    expect(users).toEqual([]);
  });
});

describe('--no-input at a terminal', () => {
  it('client add refuses with exit 2 instead of asking for the name', async () => {
    const { code, screen } = await answering(['--no-input', 'client', 'add', '--phone', '555-0144'], []);
    expect(code, screen).toBe(2);
    expect(screen).toContain('Cannot ask "Name" with --no-input.');
    expect(screen).toContain('Pass --name.');
    expect(screen).not.toContain('? Name');
    expect(await rows('clients', 'phone=eq.555-0144')).toEqual([]);
  });

  it('client delete refuses with exit 2 instead of asking, and the client stays', async () => {
    const id = await created(['client', 'add', '--name', 'Still Here']);
    const { code, screen } = await answering(['client', 'delete', id.slice(0, 8), '--no-input'], []);
    expect(code, screen).toBe(2);
    expect(screen).toContain('Deleting a client needs confirmation, which cannot be asked with --no-input.');
    expect(screen).not.toContain('(y/N)');
    expect(await rows('clients', `id=eq.${id}`)).toMatchObject([{ id }]);
  });
});
