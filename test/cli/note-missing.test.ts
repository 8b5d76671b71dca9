// `practice note missing` end to end: completed appointments without a note and notes unsigned past
// --older-than, exit 1 while there are any (for cron) and 0 once the paperwork is done.
import { beforeAll, describe, expect, it } from 'vitest';
import { bulk, type Ids } from '../helpers/report-practice.js';
import { signedInCli } from '../helpers/signed-in-cli.js';

const { home } = await signedInCli();
const appts: Ids = {};
const notes: Ids = {};
let clients: Ids;

beforeAll(async () => {
  clients = Object.fromEntries((await bulk(home, 'POST', 'clients', [{ name: 'Ann' }, { name: 'Bob' }])).map((row) => [row.name, row.id]));
  const visit = (key: string, client: string, date: string, status: string) => ({ key, client_id: clients[client], date, start_time: '09:00', end_time: '10:00', status });
  const planned = [
    visit('signed', 'Ann', '2025-11-03', 'completed'),
    visit('bare', 'Bob', '2025-11-04', 'completed'),
    visit('draft', 'Ann', '2025-11-05', 'completed'),
    visit('cancelled', 'Bob', '2025-11-06', 'cancelled'),
    visit('early', 'Bob', '2025-10-20', 'completed'),
  ];
  const stored = await bulk(home, 'POST', 'appointments', planned.map(({ key: _, ...row }) => row));
  planned.forEach((row, i) => (appts[row.key] = stored[i]!.id));
  const note = (appointment: string | null, client: string, created: string, signed: string | null) => ({
    appointment_id: appointment === null ? null : appts[appointment], client_id: clients[client], subjective: 'Tight shoulders', created_at: created, signed_at: signed,
  });
  const written = await bulk(home, 'POST', 'sessions', [
    note('signed', 'Ann', '2025-11-03T18:00:00Z', '2025-11-03T18:05:00Z'),
    note('draft', 'Ann', '2025-11-05T18:00:00Z', null),
    // Written just now, unsigned, for no appointment: not yet 2 days old.
    note(null, 'Bob', new Date().toISOString(), null),
  ]);
  notes.draft = written[1]!.id;
  notes.fresh = written[2]!.id;
});

describe('note missing', () => {
  it('lists a completed visit with no note and a note unsigned for over two days, and exits 1', async () => {
    const result = await home.run(['note', 'missing', '--since', '2025-11-01']);
    expect(result.code).toBe(1);
    expect(result.stdout.trimEnd().split('\n').map((line) => line.split('\t'))).toEqual([
      ['no note', '2025-11-04', 'Bob', appts.bare!.slice(0, 8), ''],
      ['unsigned', '2025-11-05', 'Ann', appts.draft!.slice(0, 8), notes.draft!.slice(0, 8)],
    ]);
    expect(result.stderr).toBe('');
  });

  it('--json for scripts; --since reaches back, --older-than shortens the grace', async () => {
    const result = await home.run(['note', 'missing', '--since', '2025-10-01', '--older-than', '0h', '--json', 'kind,date,client,note_id']);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual([
      { kind: 'no_note', date: '2025-10-20', client: 'Bob', note_id: null },
      { kind: 'no_note', date: '2025-11-04', client: 'Bob', note_id: null },
      { kind: 'unsigned', date: '2025-11-05', client: 'Ann', note_id: notes.draft },
      { kind: 'unsigned', date: new Date().toISOString().slice(0, 10), client: 'Bob', note_id: notes.fresh },
    ]);
  });

  it('exits 0 with nothing on stdout once the notes are written and signed', async () => {
    const add = await home.run(['note', 'add', '--client', 'Bob', '--appointment', appts.bare!, '-S', 'Better', '--json']);
    expect(add.code, add.stderr).toBe(0);
    for (const id of [notes.draft!, JSON.parse(add.stdout).id]) expect((await home.run(['note', 'sign', id])).code).toBe(0);
    const result = await home.run(['note', 'missing', '--since', '2025-11-01']);
    expect(result).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(JSON.parse((await home.run(['note', 'missing', '--since', '2025-11-01', '--json'])).stdout)).toEqual([]);
  });

  it('refuses a bad age before sending anything', async () => {
    const result = await home.run(['note', 'missing', '--older-than', 'two days']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--older-than: expected an age like 2d, 36h or 1w; got 'two days'");
  });
});
