// Property: after any sequence of writes through the REST API (status changes allowed and refused,
// client changes, signed notes, deletes, inserts in any status, bulk changes), every client's
// total_visits equals the number of its completed appointments.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_STATUSES } from '../../src/model/appointment-status.js';
import { createClient, practice, rows, type Practice, type Row } from '../helpers/fixtures.js';
import { startTestServer } from '../helpers/server.js';

const server = await startTestServer();
afterAll(() => server.close());

const CLIENTS = 2;
// Slots on one day, one of them overlapping two others, so inserts and moves also meet refusals.
const SLOTS = [['09:00', '10:00'], ['10:00', '11:00'], ['09:30', '10:30'], ['11:00', '12:00'], ['13:00', '14:00'], ['14:00', '15:00']] as const;

// Completed is what counts, so it comes up as often as all the others together.
const status = fc.oneof(fc.constantFrom(...APPOINTMENT_STATUSES), fc.constant('completed' as const));
const pick = fc.nat(); // an appointment or client by index, modulo how many there are

type Step =
  | { kind: 'insert'; client: number; status: string; slot: number }
  | { kind: 'status'; appointment: number; status: string }
  | { kind: 'client'; appointment: number; client: number }
  | { kind: 'status and client'; appointment: number; status: string; client: number }
  | { kind: 'bulk status'; client: number; status: string }
  | { kind: 'move'; appointment: number; slot: number }
  | { kind: 'signed note'; appointment: number }
  | { kind: 'delete'; appointment: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), client: pick, status, slot: pick }),
  fc.record({ kind: fc.constant('status' as const), appointment: pick, status }),
  fc.record({ kind: fc.constant('status' as const), appointment: pick, status }),
  fc.record({ kind: fc.constant('client' as const), appointment: pick, client: pick }),
  fc.record({ kind: fc.constant('status and client' as const), appointment: pick, status, client: pick }),
  fc.record({ kind: fc.constant('bulk status' as const), client: pick, status }),
  fc.record({ kind: fc.constant('move' as const), appointment: pick, slot: pick }),
  fc.record({ kind: fc.constant('signed note' as const), appointment: pick }),
  fc.record({ kind: fc.constant('delete' as const), appointment: pick }),
);

/** Sends one step; its answer (done or refused) does not matter, only what it leaves behind. */
async function send(t: Practice, day: string, clients: readonly Row[], step: Step): Promise<number> {
  const ids = clients.map((each) => each.id).join(',');
  const appointments = await rows(t, `/appointments?client_id=in.(${ids})&select=id,client_id&order=created_at`);
  const client = (index: number) => clients[index % clients.length]!.id;
  const appointment = (index: number) => appointments[index % appointments.length];
  const slot = (index: number) => SLOTS[index % SLOTS.length]!;
  if (step.kind === 'insert') {
    const [start_time, end_time] = slot(step.slot);
    return (await t.post('/appointments', { date: day, start_time, end_time, client_id: client(step.client), status: step.status })).status;
  }
  if (step.kind === 'bulk status') {
    return (await t.patch(`/appointments?client_id=eq.${client(step.client)}`, { status: step.status })).status;
  }
  const target = appointment(step.appointment);
  if (target === undefined) return 0;
  const path = `/appointments?id=eq.${target.id}`;
  switch (step.kind) {
    case 'status':
      return (await t.patch(path, { status: step.status })).status;
    case 'client':
      return (await t.patch(path, { client_id: client(step.client) })).status;
    case 'status and client':
      return (await t.patch(path, { status: step.status, client_id: client(step.client) })).status;
    case 'move': {
      const [start_time, end_time] = slot(step.slot);
      return (await t.patch(path, { start_time, end_time })).status;
    }
    case 'signed note':
      return (await t.post('/sessions', { client_id: target.client_id, appointment_id: target.id, plan: 'rest', signed_at: new Date().toISOString() })).status;
    case 'delete':
      return (await t.delete(path)).status;
  }
}

/** A completed visit that may not go back to scheduled, then a booking over it: two 409s. */
const REFUSALS: Step[] = [
  { kind: 'insert', client: 0, status: 'completed', slot: 0 },
  { kind: 'status', appointment: 0, status: 'scheduled' },
  { kind: 'status', appointment: 0, status: 'confirmed' },
  { kind: 'insert', client: 1, status: 'scheduled', slot: 2 },
];

async function expectVisitsCounted(t: Practice, clients: readonly Row[]): Promise<void> {
  const ids = clients.map((client) => client.id).join(',');
  const completed = await rows(t, `/appointments?client_id=in.(${ids})&status=eq.completed&select=client_id`);
  const stored = await rows(t, `/clients?id=in.(${ids})&select=id,total_visits`);
  for (const client of stored) {
    expect(client.total_visits, `client ${client.id}`).toBe(completed.filter((row) => row.client_id === client.id).length);
  }
}

describe('clients.total_visits', () => {
  it('equals the number of completed appointments after any sequence of writes', async () => {
    const t = await practice(server);
    const answers = new Set<number>();
    let run = 0;
    const sequence = async (steps: Step[]) => {
      // Each run has a day and clients of its own in the one practice.
      const day = new Date(Date.UTC(2025, 0, 1 + run++)).toISOString().slice(0, 10);
      const clients = await Promise.all(Array.from({ length: CLIENTS }, () => createClient(t)));
      // Checked after every step: a later step could otherwise hide a miscount (the count stops at 0).
      for (const each of steps) {
        answers.add(await send(t, day, clients, each));
        await expectVisitsCounted(t, clients);
      }
    };
    // First one sequence that surely meets refusals, then random ones, which may not.
    await sequence(REFUSALS);
    await fc.assert(fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), sequence), { numRuns: 12 });
    // The sequences did meet refusals (transitions, overlaps), not only successes.
    expect(answers).toContain(409);
    expect(answers).toContain(204);
  });
});
