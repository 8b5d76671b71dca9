// Reading the calendar: a day's or a week's appointments, and where a booking fits.
import { z } from 'zod';
import { flags, tool } from './tool.js';

const DAY = 'a day: today, tomorrow, mon … sun (the next one), +3d, -1w or YYYY-MM-DD, in the practice\'s time zone';

export const scheduleTool = tool({
  name: 'schedule',
  title: 'Schedule of a day or week',
  description: 'List the appointments of one day, or of the week (Monday to Sunday) around it, oldest first, '
    + 'as JSON rows (id, date, start_time, end_time, status, client_id, client_name, service_id, price, notes). '
    + 'status is requested (asked for on the booking page, waiting for the therapist: practice appt accept|decline), '
    + 'scheduled, confirmed, completed, cancelled or no_show. Use the id with reschedule or cancel.',
  input: {
    day: z.string().default('today').describe(DAY),
    week: z.boolean().default(false).describe('true: the whole week of that day instead of the day alone'),
  },
  writes: false,
  flagOf: { day: '--date' },
  commands: ({ day, week }) => (week ? ['appt', 'week', '--json', '--', day] : ['appt', 'list', '--date', day, '--json']),
});

export const freeSlotsTool = tool({
  name: 'find_free_slots',
  title: 'Free time and bookable slots',
  description: 'The practice\'s free time from its business hours less closures (time off) and every booking that blocks '
    + '(with its buffer; a request only until its hold expires), from now on: the database\'s free_time answer. With a service (or a duration) each day also lists '
    + 'the starts where such a booking fits: pick one to book. A day outside the hours shows closed: true; time off is '
    + 'listed under closures.',
  input: {
    date: z.string().optional().describe(`one day to look at (instead of from and to): ${DAY}`),
    from: z.string().optional().describe(`the first day to look at (default: today): ${DAY}`),
    to: z.string().optional().describe('the last day (inclusive; default: the first day)'),
    service: z.string().optional().describe('a service by name, id or id prefix: its duration and buffer'),
    duration_minutes: z.number().int().positive().optional().describe('a booking of this many minutes, without a buffer (instead of service)'),
    step_minutes: z.number().int().positive().optional().describe('offer starts this many minutes apart (default 15)'),
  },
  writes: false,
  flagOf: { date: '--date', from: '--from', to: '--to', service: '--service', duration_minutes: '--duration', step_minutes: '--step' },
  commands(args) {
    return ['appt', 'slots', ...flags(args, this.flagOf), '--json'];
  },
});
