// Typed note text is never lost: the editor talks to the terminal even inside `$(...)`, every question
// comes before it opens, a write that fails keeps the text in a draft file (0600) whose path and
// `--draft` command are printed, and that command writes it and removes the draft. Without any
// terminal, --edit is refused before anything is sent.
import { spawn } from 'node:child_process';
import { chmod, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, NODE_FLAGS, type CliResult } from '../helpers/cli.js';
import { signedInCli } from '../helpers/signed-in-cli.js';
import { atTerminal, capturedAtTerminal, capturedStdout, capturing, inShellAtTerminal, KEY } from '../helpers/terminal.js';

const { server, home } = await signedInCli({ recordRequests: true });

/** An $EDITOR script given the file as $1; it fails unless it has a terminal, as a real one would. */
async function editor(name: string, script: string): Promise<string> {
  const path = join(home.dir, name);
  await writeFile(path, `#!/bin/sh\n[ -t 0 ] && [ -t 1 ] || { echo "editor: no terminal" >&2; exit 9; }\n${script}\n`);
  await chmod(path, 0o755);
  return path;
}

// Asks at the terminal for the plan and writes it into the note: proof that the editor has the terminal.
const askingEditor = () => editor('ask.sh', `printf 'Plan for the note: '; read plan; printf '## Subjective\\nTyped at the terminal\\n## Plan\\n%s\\n' "$plan" > "$1"`);

async function practice(args: string[]): Promise<string> {
  const result = await home.run(args);
  expect(result.code, result.stderr).toBe(0);
  return result.stdout.trim();
}

const stored = async (id: string) => JSON.parse(await practice(['api', 'GET', 'sessions', '-q', `id=eq.${id}`]))[0];
const writes = () => server.received.filter((request) => request.url.startsWith('/rest/') && request.method !== 'GET');

/** `practice <args>` with no terminal at all: a session of its own, every stream a pipe. */
function withoutTerminal(args: string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...NODE_FLAGS, BIN, ...args], { env: { ...home.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end();
  });
}

describe('note add --edit', () => {
  it('inside $(...) gives the editor the terminal and prints only the id', async () => {
    const client = await practice(['client', 'add', '--name', 'Dara Quinn']);
    const terminal = inShellAtTerminal(capturing(['note', 'add', '--client', 'Dara Quinn', '--edit']), { ...home.env, EDITOR: await askingEditor() });
    await terminal.answer('Plan for the note: ', `Walks daily${KEY.enter}`);
    const { code, screen } = await terminal.exit();
    expect(code, screen).toBe(0);
    const id = capturedStdout(screen);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await stored(id)).toMatchObject({ client_id: client, subjective: 'Typed at the terminal', plan: 'Walks daily' });
  });

  it('asks which client before the editor opens, and opens none for a name that fails', async () => {
    await practice(['client', 'add', '--name', 'Kim Lee']);
    const other = await practice(['client', 'add', '--name', 'Kim Leroy']);
    const terminal = atTerminal(['note', 'add', '--client', 'Kim', '--edit'], { ...home.env, EDITOR: await askingEditor() });
    await terminal.waitFor("Which client do you mean by 'Kim'?");
    await terminal.answer('Kim Leroy', `${KEY.down}${KEY.enter}`);
    await terminal.answer('Plan for the note: ', `Rest${KEY.enter}`);
    const { code, screen } = await terminal.exit();
    expect(code, screen).toBe(0);
    const id = screen.match(/^([0-9a-f-]{36})$/m)?.[1];
    expect(await stored(id!)).toMatchObject({ client_id: other, plan: 'Rest' });

    const marker = join(home.dir, 'editor-ran');
    const unknown = await capturedAtTerminal(['note', 'add', '--client', 'Nobody Here', '--edit'], { ...home.env, EDITOR: await editor('mark.sh', `touch "${marker}"`) });
    // A client that is not there is not found (exit 1), whatever form names it.
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("--client: no client matches 'Nobody Here'");
    expect(await stat(marker).catch(() => null)).toBeNull();
  });

  it('keeps the text of a refused write in a 0600 draft, and its --draft command writes it and removes it', async () => {
    const client = await practice(['client', 'add', '--name', 'Ola Berg']);
    const visit = await practice(['appt', 'add', '--client', client, '--date', '2026-05-04', '--start', '10:00', '--end', '11:00', '--status', 'completed']);
    const first = await practice(['note', 'add', '--client', client, '--appointment', visit, '-S', 'Written first']);
    server.received.length = 0;

    const refused = await capturedAtTerminal(['note', 'add', '--client', client, '--appointment', visit, '--edit'], {
      ...home.env,
      EDITOR: await editor('long.sh', `printf '## Assessment\\nA long assessment\\nof two lines\\n' > "$1"`),
    });
    expect(refused.code, refused.stderr).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(/already has note /);
    const draft = refused.stderr.match(/The note is kept in (\S+)\./)?.[1];
    expect(draft, refused.stderr).toContain(join(home.dir, '.local', 'state', 'practice', 'drafts'));
    expect((await stat(draft!)).mode & 0o777).toBe(0o600);
    expect(await readFile(draft!, 'utf8')).toContain('A long assessment\nof two lines');
    const again = refused.stderr.match(/^ {2}practice (note add .*)$/m)?.[1];
    expect(again).toBe(`note add --client ${client} --appointment ${visit} --draft ${draft}`);
    expect(writes()).toEqual([expect.objectContaining({ method: 'POST', url: '/rest/v1/sessions' })]);

    // Once the cause is gone, the printed command writes the note as typed, and the draft goes.
    await practice(['note', 'delete', first, '--yes']);
    const written = await home.run(again!.split(' '));
    expect(written.code, written.stderr).toBe(0);
    expect(await stored(written.stdout.trim())).toMatchObject({ appointment_id: visit, assessment: 'A long assessment\nof two lines', subjective: null });
    expect(await stat(draft!).catch(() => null)).toBeNull();
  });

  it('keeps answers typed at the prompts when the write fails', async () => {
    const client = await practice(['client', 'add', '--name', 'Pia Holm']);
    const visit = await practice(['appt', 'add', '--client', client, '--date', '2026-05-05', '--start', '10:00', '--end', '11:00', '--status', 'completed']);
    await practice(['note', 'add', '--client', client, '--appointment', visit, '-S', 'Written first']);
    const terminal = atTerminal(['note', 'add', '--client', client, '--appointment', visit], home.env);
    await terminal.answer('Subjective: what the client reports (- to skip)', `Headache since Monday${KEY.enter}`);
    for (const part of ['Objective', 'Assessment', 'Plan']) await terminal.answer(`${part}:`, KEY.enter);
    const { code, screen } = await terminal.exit();
    expect(code, screen).toBe(1);
    const draft = screen.match(/The note is kept in (\S+)\./)?.[1];
    expect(await readFile(draft!, 'utf8')).toContain('## Subjective\nHeadache since Monday\n');
  });

  it('keeps the answers given before the prompts are stopped with Ctrl-C', async () => {
    const client = await practice(['client', 'add', '--name', 'Mo Reyes']);
    server.received.length = 0;
    const terminal = atTerminal(['note', 'add', '--client', client], home.env);
    await terminal.answer('Subjective: what the client reports (- to skip)', `Knee pain on stairs${KEY.enter}`);
    await terminal.answer('Objective:', `Swelling${KEY.ctrlC}`);
    const { code, screen } = await terminal.exit();
    expect(code, screen).toBe(130);
    expect(writes()).toEqual([]);
    const draft = screen.match(/What you answered is kept in (\S+);/)?.[1];
    expect(await readFile(draft!, 'utf8')).toContain('## Subjective\nKnee pain on stairs\n');
    const sent = await home.run(['note', 'add', '--client', client, '--draft', draft!]);
    expect(sent.code, sent.stderr).toBe(0);
    expect(await stored(sent.stdout.trim())).toMatchObject({ subjective: 'Knee pain on stairs', objective: null });
    expect(await stat(draft!).catch(() => null)).toBeNull();
  });

  it('without any terminal refuses --edit before a request or the editor (exit 2)', async () => {
    const marker = join(home.dir, 'never-ran');
    server.received.length = 0;
    const result = await withoutTerminal(['note', 'add', '--client', 'Dara Quinn', '--edit'], { EDITOR: `touch ${marker}` });
    expect(result).toMatchObject({ code: 2, stdout: '' });
    expect(result.stderr).toContain('--edit needs a terminal for the editor');
    expect(server.received).toEqual([]);
    expect(await stat(marker).catch(() => null)).toBeNull();
  });
});

/** An $EDITOR that replaces the note with `text`, as a person typing it would leave it. */
const writing = (name: string, text: string) => editor(name, `cat > "$1" <<'NOTE'\n${text}\nNOTE`);

describe('note add --edit reads headings as a person writes them', () => {
  it('takes any level and case, a letter, and a name or letter before a colon', async () => {
    const client = await practice(['client', 'add', '--name', 'Hana Sato']);
    const result = await capturedAtTerminal(['note', 'add', '--client', client, '--edit'], {
      ...home.env,
      EDITOR: await writing('forms.sh', '# subjective\nStiff neck\n### OBJECTIVE:\nRange 60 degrees\nA: Muscle tension\nsecond line\nPlan\nHeat'),
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toContain('Left out');
    expect(await stored(result.stdout.trim())).toMatchObject({
      subjective: 'Stiff neck', objective: 'Range 60 degrees', assessment: 'Muscle tension\nsecond line', plan: 'Heat',
    });

    const letters = await capturedAtTerminal(['note', 'add', '--client', client, '--edit'], {
      ...home.env,
      EDITOR: await writing('letters.sh', '## S\nBetter\ns: since Monday\n## p:\nSame again\nA\n'),
    });
    expect(letters.code, letters.stderr).toBe(0);
    // "A" alone is text (a grade, say), not a heading; "s:" continues the subjective part.
    expect(await stored(letters.stdout.trim())).toMatchObject({ subjective: 'Better\nsince Monday', objective: null, assessment: null, plan: 'Same again\nA' });
  });

  it('takes free text above every heading as the subjective part, and says so', async () => {
    const client = await practice(['client', 'add', '--name', 'Ivo Marsh']);
    const result = await capturedAtTerminal(['note', 'add', '--client', client, '--edit'], {
      ...home.env,
      EDITOR: await writing('free.sh', 'Slept badly, shoulder sore\nafter gardening'),
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('was taken as the subjective part');
    expect(await stored(result.stdout.trim())).toMatchObject({ subjective: 'Slept badly, shoulder sore\nafter gardening', plan: null });
  });

  it('names the lines starting with # it leaves out', async () => {
    const client = await practice(['client', 'add', '--name', 'Jon Vik']);
    const result = await capturedAtTerminal(['note', 'add', '--client', client, '--edit'], {
      ...home.env,
      EDITOR: await writing('comment.sh', '## Plan\nStretches\n# ask about the new job next time'),
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/Left out of the note[^]*# ask about the new job next time/);
    expect(await stored(result.stdout.trim())).toMatchObject({ plan: 'Stretches', subjective: null });
  });

  it('keeps an empty note that holds typed lines, says what was left out, and its --draft command sends it once written', async () => {
    const client = await practice(['client', 'add', '--name', 'Kai Dunn']);
    server.received.length = 0;
    const refused = await capturedAtTerminal(['note', 'add', '--client', client, '--edit'], {
      ...home.env,
      EDITOR: await writing('only-comments.sh', '# Session 4: ask about sleep\n#todo write up'),
    });
    expect(refused.code, refused.stderr).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain('The note is empty');
    expect(refused.stderr).toMatch(/Left out of the note[^]*# Session 4: ask about sleep[^]*#todo write up/);
    expect(writes()).toEqual([]);
    const draft = refused.stderr.match(/The note is kept in (\S+)\./)?.[1];
    expect(await readFile(draft!, 'utf8')).toContain('# Session 4: ask about sleep');
    const again = refused.stderr.match(/^ {2}practice (note add .*)$/m)?.[1];
    expect(again).toBe(`note add --client ${client} --draft ${draft}`);

    await writeFile(draft!, `${await readFile(draft!, 'utf8')}\nS: Sleeps six hours\n`);
    const written = await home.run(again!.split(' '));
    expect(written.code, written.stderr).toBe(0);
    expect(await stored(written.stdout.trim())).toMatchObject({ client_id: client, subjective: 'Sleeps six hours' });
    expect(await stat(draft!).catch(() => null)).toBeNull();
  });

  it('refuses a template left as it was (exit 2) and keeps no draft of it', async () => {
    const client = await practice(['client', 'add', '--name', 'Lea Frost']);
    const untouched = await capturedAtTerminal(['note', 'add', '--client', client, '--edit'], { ...home.env, EDITOR: 'true' });
    expect(untouched.code, untouched.stderr).toBe(2);
    expect(untouched.stderr).toContain('The note is empty');
    expect(untouched.stderr).not.toContain('kept in');
    expect(untouched.stderr).not.toContain('Left out');
  });
});

describe('--draft', () => {
  it('updates a note from a draft file, and with --edit opens the editor on it first', async () => {
    const client = await practice(['client', 'add', '--name', 'Rae Stone']);
    const id = await practice(['note', 'add', '--client', client, '-S', 'Before']);
    const draft = join(home.dir, 'kept.md');
    await writeFile(draft, '## Subjective\nFrom the draft\n## Plan\nTwo weeks\n');
    const edited = await capturedAtTerminal(['note', 'update', id, '--draft', draft, '--edit'], {
      ...home.env,
      EDITOR: await editor('weeks.sh', `sed -i 's/^Two weeks$/Three weeks/' "$1"`),
    });
    expect(edited.code, edited.stderr).toBe(0);
    expect(await stored(id)).toMatchObject({ subjective: 'From the draft', plan: 'Three weeks' });
    expect(await stat(draft).catch(() => null)).toBeNull();

    const missing = await home.run(['note', 'update', id, '--draft', draft]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`--draft: cannot read ${draft}: ENOENT.`);
  });
});
