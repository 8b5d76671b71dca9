// Booking, moving and cancelling appointments. The service refuses an overlap naming the other
// appointment; a booking outside the business hours (or on a closed day), of an archived client or a
// retired service, and moving a visit already held, is refused until `anyway` is true, so the model
// asks the person first. A held visit that a signed note records is never moved.
import { z } from 'zod';
import { tool } from './tool.js';

const ANYWAY = 'true to go ahead despite a warning (outside the business hours or on a closed day, an archived client, '
  + 'a retired service, moving a completed visit that no signed note records yet; the CLI calls it --yes). '
  + 'Only after the person has agreed to it.';
const TIME = 'a time of day: 9, 9:30, 14:00 or 2pm';
const ID = 'the appointment: its id or a unique prefix of it, as schedule returns';

export const bookTool = tool({
  name: 'book',
  title: 'Book an appointment',
  description: 'Book a client. Give a service (its duration sets the end) or an end time. Refused if it overlaps another '
    + 'appointment (the refusal names it: find another time with find_free_slots). Returns the new appointment as JSON.',
  input: {
    client: z.string().min(1).describe('the client: a name, an id or an id prefix'),
    date: z.string().describe("the day: today, tomorrow, mon, +3d or YYYY-MM-DD"),
    start: z.string().describe(TIME),
    service: z.string().optional().describe('the service: a name, an id or an id prefix'),
    end: z.string().optional().describe(`the end, ${TIME} (default: start plus the service's duration)`),
    notes: z.string().optional().describe('notes on the appointment'),
    status: z.enum(['scheduled', 'confirmed']).optional().describe('default: scheduled'),
    anyway: z.boolean().default(false).describe(ANYWAY),
  },
  writes: true,
  flagOf: { client: '--client', date: '--date', start: '--start', service: '--service', end: '--end', notes: '--notes', status: '--status', anyway: '--yes' },
  answer: ({ anyway, ...args }) => async (ctx) => (await import('../../appt/add.js')).runAdd({ ...args, yes: anyway, json: true }, ctx),
});

export const rescheduleTool = tool({
  name: 'reschedule',
  title: 'Reschedule an appointment',
  description: 'Move an appointment to another day and/or start, keeping its length unless an end is given. '
    + 'Refused if the new time overlaps another appointment, and always for a completed visit a signed note records '
    + '(a held visit stays as held: correct the record with a note amendment). Returns the changed appointment as JSON.',
  input: {
    id: z.string().min(1).describe(ID),
    date: z.string().optional().describe('the new day: today, tomorrow, mon, +3d or YYYY-MM-DD'),
    start: z.string().optional().describe(`the new start, ${TIME}`),
    end: z.string().optional().describe(`the new end, ${TIME}`),
    anyway: z.boolean().default(false).describe(ANYWAY),
  },
  writes: true,
  flagOf: { date: '--date', start: '--start', end: '--end', anyway: '--yes' },
  answer: ({ id, anyway, ...args }) => async (ctx) => (await import('../../appt/reschedule.js')).runReschedule(id, { ...args, yes: anyway, json: true }, ctx),
});

export const cancelTool = tool({
  name: 'cancel',
  title: 'Cancel an appointment',
  description: 'Cancel an appointment: it stays on record as cancelled and its time becomes free. Nothing is deleted.',
  input: { id: z.string().min(1).describe(ID) },
  writes: true,
  flagOf: {},
  answer: ({ id }) => async (ctx) => {
    const [{ runStatus }, { STATUS_VERBS }] = await Promise.all([import('../../appt/status.js'), import('../../appt/shared/status-verbs.js')]);
    await runStatus(id, STATUS_VERBS.find((verb) => verb.verb === 'cancel')!, { json: true }, ctx);
  },
});
