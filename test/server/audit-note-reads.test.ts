// Reads of clinical notes recorded inside the read itself (migrations 19 and 24,
// src/server/audit/note-reads.ts): asked for directly, embedded under clients, embedded in an rpc/
// call's rows, as CSV; one row per client whose notes the answer held; the service key's reads not
// recorded; a read without notes writes nothing. A read of notes alone (JSON or CSV) records the
// notes it read, their ids shown or not (migration 26); any other records what its answer shows;
// one whose answer names no note (a count, HEAD, notes only filtering) records its query (migration 30).
import { afterAll, describe, expect, it } from 'vitest';
import { caller, createAppointment, createClient, createNote, practice, rows, type Practice } from '../helpers/fixtures.js';
import { startTestServer } from '../helpers/server.js';

const server = await startTestServer();
afterAll(() => server.close());

const reads = (who: Practice) => rows(who, '/audit_log?action=eq.read&order=id');

describe('a read of notes', () => {
  it('is recorded per client, whether the notes were asked for or embedded, and only then', async () => {
    const who = await practice(server);
    const [ann, bea] = [await createClient(who, { name: 'Ann' }), await createClient(who, { name: 'Bea' })];
    const annNote = await createNote(who, { client_id: ann.id, subjective: 'Sore neck' });
    const beaNote = await createNote(who, { client_id: bea.id, subjective: 'Knee' });

    expect((await who.get('/clients?select=id,name')).status).toBe(200);
    expect(await reads(who)).toEqual([]);

    const direct = await who.get('/sessions?select=id,client_id,subjective', { 'x-client-info': 'practice-cli/9' });
    expect(direct.status).toBe(200);
    let recorded = await reads(who);
    expect(recorded.map((row) => [row.client_id, row.changes.rows, row.via])).toEqual(
      expect.arrayContaining([[ann.id, [annNote.id], 'cli'], [bea.id, [beaNote.id], 'cli']]));
    expect(recorded).toHaveLength(2);
    expect(recorded[0]!.changes.query).toBe('select=id,client_id,subjective');

    const embedded = await who.get(`/clients?select=name,notes:sessions(id,client_id)&id=eq.${ann.id}`, { 'x-client-info': 'practice-mcp/1' });
    expect(embedded.body).toEqual([{ name: 'Ann', notes: [{ id: annNote.id, client_id: ann.id }] }]);
    recorded = await reads(who);
    expect(recorded.at(-1)).toMatchObject({ client_id: ann.id, via: 'mcp', changes: { rows: [annNote.id] } });
    expect(recorded).toHaveLength(3);
  });

  it('records what the answer shows of its notes, however their keys are asked for', async () => {
    const who = await practice(server);
    const ann = await createClient(who, { name: 'Ann' });
    const note = await createNote(who, { client_id: ann.id, subjective: 'Sore neck' });
    const second = await createNote(who, { client_id: ann.id, subjective: 'Better' });
    const recorded = async (path: string) => {
      const before = (await reads(who)).length;
      const reply = await who.get(path);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return (await reads(who)).slice(before).map((row) => [row.client_id, row.changes.rows]);
    };
    // Without id or client_id shown, the notes read are still recorded as themselves, under their client.
    const both = [note.id, second.id].sort();
    expect(await recorded('/sessions?select=subjective&order=created_at')).toEqual([[ann.id, both]]);
    expect(await recorded('/sessions?select=id')).toEqual([[ann.id, both]]);
    // A key renamed or cast hides nothing either: the rows read are recorded.
    expect(await recorded(`/sessions?select=note:id,client_id&id=eq.${note.id}`)).toEqual([[ann.id, [note.id]]]);
    expect(await recorded(`/sessions?select=id::text,client_id&id=eq.${note.id}`)).toEqual([[ann.id, [note.id]]]);
    expect(await recorded(`/sessions?select=client:client_id,id:subjective&id=eq.${note.id}`)).toEqual([[ann.id, [note.id]]]);
    // A key shown twice is left to the answer, which shows those keys.
    expect(await recorded(`/sessions?select=id,id,client_id&id=eq.${note.id}`)).toEqual([[ann.id, [note.id]]]);
    // One object: what the answer shows.
    const one = await who.get(`/sessions?select=id,client_id&id=eq.${note.id}`, { accept: 'application/vnd.pgrst.object+json' });
    expect(one.body).toEqual({ id: note.id, client_id: ann.id });
    expect((await reads(who)).at(-1)).toMatchObject({ client_id: ann.id, changes: { rows: [note.id] } });
    // Other rows embedded in the notes change nothing.
    expect(await recorded(`/sessions?select=id,client_id,clients(name)&id=eq.${note.id}`)).toEqual([[ann.id, [note.id]]]);
    // No rows, or a HEAD that shows none, still read the notes: recorded by the query, under no note (migration 30).
    expect(await recorded('/sessions?id=eq.00000000-0000-0000-0000-000000000000')).toEqual([[null, [null]]]);
    const before = (await reads(who)).length;
    expect((await who.head('/sessions')).status).toBe(200);
    expect(await reads(who)).toHaveLength(before + 1);
    expect(await rows(who, '/audit_chain_breaks')).toEqual([]);
  });

  it('through rpc/ is recorded when the function\'s rows embed notes', async () => {
    const who = await practice(server);
    const visit = await createAppointment(who, { date: '2025-03-10', start_time: '09:00', end_time: '10:00' });
    const note = await createNote(who, { client_id: visit.client_id, appointment_id: visit.id, subjective: 'Sore neck' });
    const called = await who.post('/rpc/unresolved_appointments?select=id,sessions(id,client_id)', { before: '2025-03-11T00:00:00' });
    expect(called.status).toBe(200);
    expect(called.body).toEqual([{ id: visit.id, sessions: [{ id: note.id, client_id: visit.client_id }] }]);
    expect(await reads(who)).toEqual([expect.objectContaining({ client_id: visit.client_id, changes: { rows: [note.id], query: 'select=id,sessions(id,client_id)' } })]);
    expect((await who.post('/rpc/unresolved_appointments?select=id', { before: '2025-03-11T00:00:00' })).status).toBe(200);
    expect(await reads(who)).toHaveLength(1);
  });

  it('as CSV is recorded per client with the notes it read, and as CSV', async () => {
    const who = await practice(server);
    const [ann, bea] = [await createClient(who, { name: 'Ann' }), await createClient(who, { name: 'Bea' })];
    const annNote = await createNote(who, { client_id: ann.id, subjective: 'Sore neck' });
    const beaNote = await createNote(who, { client_id: bea.id, subjective: 'Knee' });
    const csv = await who.get('/sessions?select=subjective&order=subjective', { accept: 'text/csv' });
    expect(csv.status).toBe(200);
    // The answer is what was asked for, no more: the ids rode along the page, not into the CSV.
    expect(csv.text).toBe('subjective\nKnee\n"Sore neck"');
    expect((await reads(who)).map((row) => [row.client_id, row.changes])).toEqual(expect.arrayContaining([
      [ann.id, { rows: [annNote.id], query: 'select=subjective&order=subjective', format: 'csv' }],
      [bea.id, { rows: [beaNote.id], query: 'select=subjective&order=subjective', format: 'csv' }],
    ]));
    expect(await reads(who)).toHaveLength(2);
    // Notes embedded in CSV are not read back: one row under no client, naming its query.
    expect((await who.get(`/clients?select=name,sessions(id)&id=eq.${ann.id}`, { accept: 'text/csv' })).status).toBe(200);
    expect((await reads(who)).at(-1)).toMatchObject({ client_id: null, changes: { rows: [null], query: `select=name,sessions(id)&id=eq.${ann.id}`, format: 'csv' } });
    expect(await rows(who, '/audit_chain_breaks')).toEqual([]);
  });

  it('that answers with no note (a count, HEAD, limit=0, notes only filtering) is recorded by its query, under no note', async () => {
    const who = await practice(server);
    const ann = await createClient(who, { name: 'Ann Lee' });
    await createNote(who, { client_id: ann.id, subjective: 'Secret pain' });
    const probes: Array<[query: string, send: (path: string) => Promise<{ status: number }>]> = [
      ['subjective=like.*secret*', (path) => who.head(path, { prefer: 'count=exact' })],
      ['subjective=like.*nothing*&limit=0', (path) => who.get(path, { prefer: 'count=exact' })],
    ];
    for (const [query, send] of probes) {
      const before = (await reads(who)).length;
      expect((await send(`/sessions?${query}`)).status).toBeLessThan(300);
      const recorded = (await reads(who)).slice(before);
      expect(recorded.map((row) => [row.client_id, row.changes.rows, row.changes.query])).toEqual([[null, [null], query]]);
    }
    // The clients whose notes say something: the notes only filter, and the answer names no note.
    const filtering = 'select=name,sessions!inner()&sessions.subjective=like.*Secret*';
    const before = (await reads(who)).length;
    expect((await who.get(`/clients?${filtering}`)).body).toEqual([{ name: 'Ann Lee' }]);
    expect((await reads(who)).slice(before).map((row) => [row.client_id, row.changes.rows, row.changes.query])).toEqual([[null, [null], filtering]]);
    expect(await rows(who, '/audit_chain_breaks')).toEqual([]);
  });

  it('with the service key is not recorded, and the practice\'s chain stays whole', async () => {
    const who = await practice(server);
    const ann = await createClient(who, { name: 'Ann' });
    await createNote(who, { client_id: ann.id, subjective: 'Sore neck' });
    const service = caller(server, { apikey: server.keys.serviceKey, authorization: `Bearer ${server.keys.serviceKey}` });
    expect((await service.get(`/sessions?therapist_id=eq.${who.id}`)).body).toHaveLength(1);
    expect(await reads(who)).toEqual([]);
    await who.get('/sessions');
    expect(await reads(who)).toHaveLength(1);
    expect(await rows(who, '/audit_chain_breaks')).toEqual([]);
  });
});
