// `practice note` end to end: SOAP notes from flags, stdin JSON and $EDITOR (a script here, which
// fails unless it is given a terminal: it runs as in `id=$(practice note add --edit)`), the
// exact queries sent, changes and deletes of unsigned notes, signing, amendments, the service's 409
// for a signed note, and every bad input refused with exit 2 before a write.
import { chmod, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInHome } from '../helpers/cli.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { capturedAtTerminal } from '../helpers/terminal.js';

let server: TestServer;
let home: Awaited<ReturnType<typeof signedInHome>>;
let headers: Record<string, string>;
let ann: { id: string };
let visit: { id: string };

async function seed(table: string, row: Record<string, unknown>): Promise<any> {
  const response = await server.request(`/${table}`, { method: 'POST', headers: { ...headers, prefer: 'return=representation' }, body: JSON.stringify(row) });
  if (response.status !== 201) throw new Error(`seed ${table}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as any[])[0];
}

const stored = async (id: string) => ((await (await server.request(`/sessions?id=eq.${id}`, { headers })).json()) as any[])[0];
const sent = () => server.received.filter((request) => request.url.startsWith('/rest/')).map((request) => `${request.method} ${request.url.slice('/rest/v1'.length)}`);
const writes = () => sent().filter((request) => !request.startsWith('GET '));

/** An $EDITOR that runs `script` on the file it is given ($1), at a terminal or not at all. */
async function editor(name: string, script: string): Promise<string> {
  const path = join(home.dir, name);
  await writeFile(path, `#!/bin/sh\n[ -t 0 ] && [ -t 1 ] || { echo "editor: no terminal" >&2; exit 9; }\n${script}\n`);
  await chmod(path, 0o755);
  return path;
}

const captured = (args: string[], env: NodeJS.ProcessEnv) => capturedAtTerminal(args, { ...home.env, ...env });

beforeAll(async () => {
  server = await startTestServer({ recordRequests: true });
  home = await signedInHome(server.url, server.keys.anonKey);
  const session = (await home.readConfig()).profiles.test.session;
  headers = { apikey: server.keys.anonKey, authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' };
  ann = await seed('clients', { name: 'Ann Lee' });
  visit = await seed('appointments', { client_id: ann.id, date: '2025-03-04', start_time: '10:00', end_time: '11:00' });
});

beforeEach(() => {
  server.received.length = 0;
});

afterAll(async () => {
  await home.cleanup();
  await server.close();
});

describe('note add', () => {
  it('writes the parts given as flags, for a client by name and an appointment by id prefix', async () => {
    const result = await home.run(['note', 'add', '--client', 'ann', '--appointment', visit.id.slice(0, 8), '-S', 'Low back pain', '-P', 'Heat']);
    expect(result.code).toBe(0);
    const id = result.stdout.trim();
    expect(result.stderr).toContain(`Wrote note ${id.slice(0, 8)} for Ann Lee.`);
    expect(writes()).toEqual(['POST /sessions']);
    expect(await stored(id)).toMatchObject({ client_id: ann.id, appointment_id: visit.id, subjective: 'Low back pain', objective: null, plan: 'Heat', signed_at: null });
  });

  it('reads JSON from a piped stdin when no part is given as a flag', async () => {
    const result = await home.run(['note', 'add', '--client', ann.id], { input: '{"objective": "Tight left trapezius", "assessment": null}' });
    expect(result.code).toBe(0);
    expect(await stored(result.stdout.trim())).toMatchObject({ objective: 'Tight left trapezius', subjective: null, assessment: null });
  });

  it('reads the note back from $EDITOR, under the template headings', async () => {
    const script = await editor('write-note.sh', `cat > "$1" <<'EOF'
# instructions are dropped
## Subjective
Sleeps badly

## Objective

## Assessment
Improving
over two weeks
## Plan
EOF`);
    const result = await captured(['note', 'add', '--client', 'Ann Lee', '--edit'], { EDITOR: script });
    expect(result.code).toBe(0);
    expect(await stored(result.stdout.trim())).toMatchObject({ subjective: 'Sleeps badly', objective: null, assessment: 'Improving\nover two weeks', plan: null });
  });

  it('refuses an empty note, bad JSON, a blank part or a bad id before writing (exit 2)', async () => {
    const blankEditor = await editor('blank.sh', 'true');
    const failingEditor = await editor('fail.sh', 'exit 3');
    const cases: Array<[string[], string | undefined, RegExp]> = [
      [[], undefined, /No note given: stdin is empty/],
      [[], '{}', /The note is empty/],
      [[], 'not json', /stdin: expected a JSON object/],
      [[], '{"subjective": "x", "mood": "ok"}', /mood/],
      [[], '{"plan": 3}', /stdin "plan"/],
      [['-S', '  '], undefined, /-S\/--subjective: must not be empty/],
      [['-P', 'x', '--appointment', 'zz'], undefined, /--appointment: expected an appointment id/],
    ];
    for (const [args, input, message] of cases) {
      const result = await home.run(['note', 'add', '--client', ann.id, ...args], { input });
      expect(result.code, `${args.join(' ')} ${input}`).toBe(2);
      expect(result.stderr).toMatch(message);
    }
    const noClient = await home.run(['note', 'add', '-S', 'x']);
    expect(noClient.code).toBe(2);
    expect(noClient.stderr).toContain('--client');
    const blank = await captured(['note', 'add', '--client', ann.id, '--edit'], { EDITOR: blankEditor });
    expect(blank.code).toBe(2);
    expect(blank.stderr).toMatch(/The note is empty/);
    const editorFailed = await captured(['note', 'add', '--client', ann.id, '--edit'], { EDITOR: failingEditor });
    expect(editorFailed.code).toBe(1);
    expect(editorFailed.stderr).toContain('exited with code 3');
    expect(writes()).toEqual([]);
  });

  it("prints the server's refusal of a second note for one appointment (exit 1)", async () => {
    const result = await home.run(['note', 'add', '--client', ann.id, '--appointment', visit.id, '-S', 'again']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/already has note /);
    expect(result.stderr).toContain('hint: ');
  });
});

describe('note list and show', () => {
  it('sends client_id and order by created_at, newest first', async () => {
    const result = await home.run(['note', 'list', '--client', ann.id, '--limit', '2', '--json', 'id,subjective']);
    expect(result.code).toBe(0);
    expect(sent()).toEqual([`GET /clients?id=eq.${ann.id}&select=id,name`, `GET /sessions?client_id=eq.${ann.id}&order=created_at.desc,id.asc&select=id,subjective&limit=2`]);
    expect(JSON.parse(result.stdout)).toHaveLength(2);
    const table = await home.run(['note', 'list', '--client', 'Ann']);
    expect(table.stdout.trim().split('\n').at(-1)).toMatch(/^[0-9a-f]{8}\t\d{4}-\d\d-\d\d\t\t\tS: Low back pain$/);
  });

  it('lists the notes of every client without --client, newest first, with their names; --unsigned drops signed ones', async () => {
    const bo = await seed('clients', { name: 'Bo Chen' });
    const annNote = (await home.run(['note', 'add', '--client', ann.id, '-S', 'Across clients'])).stdout.trim();
    const boSigned = (await home.run(['note', 'add', '--client', bo.id, '-S', 'Signed one'])).stdout.trim();
    expect((await home.run(['note', 'sign', boSigned])).code).toBe(0);
    const boDraft = (await home.run(['note', 'add', '--client', bo.id, '-S', 'Draft one'])).stdout.trim();
    server.received.length = 0;

    const all = await home.run(['note', 'list']);
    expect(all.code).toBe(0);
    const lines = all.stdout.trim().split('\n');
    expect(lines.slice(0, 3).map((line) => line.split('\t').slice(0, 2))).toEqual([[boDraft.slice(0, 8), 'Bo Chen'], [boSigned.slice(0, 8), 'Bo Chen'], [annNote.slice(0, 8), 'Ann Lee']]);
    expect(sent()[0]).toMatch(/^GET \/sessions\?therapist_id=eq\.[0-9a-f-]{36}&order=created_at\.desc,id\.asc$/);

    const unsigned = await home.run(['note', 'list', '--unsigned', '--json', 'id,signed_at']);
    expect(unsigned.code).toBe(0);
    const ids = (JSON.parse(unsigned.stdout) as { id: string; signed_at: null }[]).map((note) => note.id);
    expect(ids.slice(0, 2)).toEqual([boDraft, annNote]);
    expect(ids).not.toContain(boSigned);
    expect(JSON.parse(unsigned.stdout).every((note: { signed_at: unknown }) => note.signed_at === null)).toBe(true);
    const ofBo = await home.run(['note', 'list', '--client', 'Bo', '--unsigned', '--json', 'id']);
    expect(JSON.parse(ofBo.stdout)).toEqual([{ id: boDraft }]);
  });

  it("shows the days and times a note was written and signed on the practice's clock, not as stored (UTC)", async () => {
    const bo = await seed('clients', { name: 'Bo Late' });
    // 23:30 UTC is 00:30 the next day in Berlin, the test profile's zone.
    const note = await seed('sessions', { client_id: bo.id, subjective: 'Late', created_at: '2025-03-04T23:30:00Z', signed_at: '2025-03-04T23:45:00Z' });
    const list = await home.run(['note', 'list', '--client', 'Bo Late']);
    expect(list.stdout).toBe(`${note.id.slice(0, 8)}\t2025-03-05\t2025-03-05\t\tS: Late\n`);
    const shown = await home.run(['note', 'show', note.id]);
    expect(shown.stdout).toContain('written:     2025-03-05 00:30 (Europe/Berlin)\nsigned:      2025-03-05 00:45 (Europe/Berlin)\n');
    expect(shown.stdout).not.toContain('+00:00');
  });

  it('shows a note in full by id prefix, or as JSON', async () => {
    const id = (await home.run(['note', 'add', '--client', ann.id, '-S', 'Headache', '-O', 'Tender\nsuboccipitals'])).stdout.trim();
    const result = await home.run(['note', 'show', id.slice(0, 6)]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`note:        ${id}\nclient:      Ann Lee (${ann.id.slice(0, 8)})\n`);
    expect(result.stdout).toMatch(/\nwritten: {5}\d{4}-\d{2}-\d{2} \d{2}:\d{2} \(Europe\/Berlin\)\n/);
    expect(result.stdout).toContain('signed:      not signed');
    expect(result.stdout).toContain('\nSubjective\nHeadache\n\nObjective\nTender\nsuboccipitals\n');
    const json = await home.run(['note', 'show', id, '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ id, subjective: 'Headache' });
    const csv = await home.run(['note', 'show', id, '--format', 'csv']);
    expect(csv.stdout).toMatch(new RegExp(`^id,created_at,signed_at,amends_id,subjective\r\n${id},[^,]+,,,Headache\r\n$`));
    const bad = await home.run(['note', 'show', 'xyz']);
    expect(bad.code).toBe(2);
  });
});

describe('note sign and amend', () => {
  it('signs a note once, then amends it with a new note naming it', async () => {
    const id = (await home.run(['note', 'add', '--client', ann.id, '-A', 'Right shoulder strain'])).stdout.trim();
    const unsigned = await home.run(['note', 'amend', id, '-A', 'too early']);
    expect(unsigned.code).toBe(1);
    expect(unsigned.stderr).toContain('is not signed');

    server.received.length = 0;
    const signed = await home.run(['note', 'sign', id.slice(0, 8)]);
    expect(signed.code).toBe(0);
    expect(writes()).toEqual([`PATCH /sessions?id=eq.${id}`]);
    expect((await stored(id)).signed_at).not.toBeNull();

    // Signing again: the end state already holds, so exit 0, a notice with the time on the practice's
    // clock, and the way to correct it; nothing is written.
    server.received.length = 0;
    const again = await home.run(['note', 'sign', id]);
    expect(again).toMatchObject({ code: 0, stdout: '' });
    const signedAt = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin', dateStyle: 'short', timeStyle: 'short' }).format(new Date((await stored(id)).signed_at));
    expect(again.stderr).toBe(`Note ${id.slice(0, 8)} is already signed (${signedAt} (Europe/Berlin)). A signed note is final; correct it with \`practice note amend ${id.slice(0, 8)}\`.\n`);
    expect(writes()).toEqual([]);

    const amended = await home.run(['note', 'amend', id, '-A', 'Left shoulder, not right']);
    expect(amended.code).toBe(0);
    expect(await stored(amended.stdout.trim())).toMatchObject({ client_id: ann.id, amends_id: id, assessment: 'Left shoulder, not right' });
  });

  it('starts --edit from the amended note', async () => {
    const id = (await home.run(['note', 'add', '--client', ann.id, '-S', 'Knee pain', '-P', 'Ice'])).stdout.trim();
    await home.run(['note', 'sign', id]);
    const script = await editor('fix-plan.sh', `sed -i 's/^Ice$/Ice and rest/' "$1"`);
    const result = await captured(['note', 'amend', id, '--edit'], { EDITOR: script });
    expect(result.code).toBe(0);
    expect(await stored(result.stdout.trim())).toMatchObject({ amends_id: id, subjective: 'Knee pain', plan: 'Ice and rest' });
    const empty = await home.run(['note', 'amend', id], { input: '{}' });
    expect(empty.code).toBe(2);
  });
});

describe('note update and delete', () => {
  const add = async (...args: string[]) => (await home.run(['note', 'add', '--client', ann.id, ...args])).stdout.trim();

  it('changes the parts given of an unsigned note, by id prefix, printing only the message', async () => {
    const id = await add('-S', 'Neck pain', '-P', 'Heat');
    server.received.length = 0;
    const result = await home.run(['note', 'update', id.slice(0, 8), '-O', 'Tight traps', '-P', 'Heat and stretches']);
    expect(result).toEqual({ code: 0, stdout: '', stderr: `✓ Updated note ${id.slice(0, 8)}.\n` });
    expect(writes()).toEqual([`PATCH /sessions?id=eq.${id}`]);
    expect(await stored(id)).toMatchObject({ subjective: 'Neck pain', objective: 'Tight traps', plan: 'Heat and stretches', signed_at: null });

    const json = await home.run(['note', 'update', id, '-A', 'Improving', '--json', 'assessment,plan']);
    expect(JSON.parse(json.stdout)).toEqual({ assessment: 'Improving', plan: 'Heat and stretches' });
  });

  it('clears the parts piped stdin JSON sets to null, and rewrites the whole note in $EDITOR', async () => {
    const id = await add('-S', 'Sore calves', '-O', 'Knots', '-P', 'Rest');
    const cleared = await home.run(['note', 'update', id], { input: '{"objective": null}' });
    expect(cleared.code, cleared.stderr).toBe(0);
    expect(await stored(id)).toMatchObject({ subjective: 'Sore calves', objective: null, plan: 'Rest' });

    // The template holds the note as stored: emptying a part there clears it.
    const script = await editor('rewrite.sh', `grep -q '^Sore calves$' "$1" && sed -i -e 's/^Rest$/Rest, then run/' -e '/^Sore calves$/d' "$1"`);
    const edited = await captured(['note', 'update', id, '--edit'], { EDITOR: script });
    expect(edited.code, edited.stderr).toBe(0);
    expect(await stored(id)).toMatchObject({ subjective: null, objective: null, plan: 'Rest, then run' });
  });

  it('refuses no change, a blank part, an emptied note or a bad id before writing (exit 2)', async () => {
    const id = await add('-P', 'Only a plan');
    server.received.length = 0;
    const cases: Array<[string[], string | undefined, string]> = [
      [[id], '{}', 'nothing to update'],
      [[id, '-S', '  '], undefined, '-S/--subjective: must not be empty'],
      [[id], '{"plan": null}', 'The note is empty'],
      [[id], '{"mood": "ok"}', 'mood'],
      [['zz', '-P', 'x'], undefined, 'note: expected a note id'],
    ];
    for (const [args, input, message] of cases) {
      const result = await home.run(['note', 'update', ...args], { input });
      expect(result.code, `${args.join(' ')} ${input}`).toBe(2);
      expect(result.stderr).toContain(message);
      expect(result.stdout).toBe('');
    }
    expect(writes()).toEqual([]);
    expect(await stored(id)).toMatchObject({ plan: 'Only a plan' });
  });

  it("passes on the service's 409 for a signed note, with the hint to amend it (exit 1)", async () => {
    const id = await add('-S', 'Final words');
    await home.run(['note', 'sign', id]);
    server.received.length = 0;
    const result = await home.run(['note', 'update', id.slice(0, 8), '-S', 'Changed words']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`error: Note ${id} is signed and can no longer be changed\n`
      + `hint: A signed note is final; correct it with \`practice note amend ${id.slice(0, 8)}\`.\n`);
    expect(writes()).toEqual([`PATCH /sessions?id=eq.${id}`]);

    // With --edit the note is refused before the editor opens, so nothing written there is lost.
    const marker = join(home.dir, 'editor-ran');
    const script = await editor('mark.sh', `touch "${marker}"`);
    const edit = await captured(['note', 'update', id, '--edit'], { EDITOR: script });
    expect(edit.code).toBe(1);
    expect(edit.stderr).toContain(`hint: A signed note is final; correct it with \`practice note amend ${id.slice(0, 8)}\`.`);
    expect(await stat(marker).catch(() => null)).toBeNull();
    expect(await stored(id)).toMatchObject({ subjective: 'Final words' });
  });

  it('deletes an unsigned note only with --yes when not at a terminal', async () => {
    const id = await add('-S', 'Written by mistake');
    server.received.length = 0;
    const refused = await home.run(['note', 'delete', id]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Pass --yes.');
    expect(sent()).toEqual([]);

    const deleted = await home.run(['note', 'delete', id.slice(0, 8), '--yes']);
    expect(deleted).toEqual({ code: 0, stdout: '', stderr: `✓ Deleted note ${id.slice(0, 8)}.\n` });
    expect(writes()).toEqual([`DELETE /sessions?id=eq.${id}`]);
    expect(await stored(id)).toBeUndefined();
    const again = await home.run(['note', 'delete', id, '--yes']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`Note ${id.slice(0, 8)} was not found.`);
  });

  it("refuses to delete a signed note: the service's 409, with the hint to amend it (exit 1)", async () => {
    const id = await add('-S', 'On the record');
    await home.run(['note', 'sign', id]);
    const result = await home.run(['note', 'delete', id, '--yes']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`error: Note ${id} is signed and can no longer be deleted\n`
      + `hint: A signed note is final; correct it with \`practice note amend ${id.slice(0, 8)}\`.\n`);
    expect(await stored(id)).toMatchObject({ subjective: 'On the record' });
  });
});
