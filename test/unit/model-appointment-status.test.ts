import { describe, expect, it } from 'vitest';
import {
  statusWord,
  APPOINTMENT_STATUSES,
  allowedNext,
  assertTransition,
  canTransition,
  parseAppointmentStatus,
  type AppointmentStatus,
} from '../../src/model/appointment-status.js';
import { InvalidInputError, InvalidTransitionError } from '../../src/model/errors.js';

// DESIGN.md section 3 (and migration 20's requested), written out again so the test does not read the table it checks.
const ALLOWED = new Set([
  'requested->scheduled', 'requested->confirmed', 'requested->cancelled',
  'scheduled->confirmed', 'scheduled->completed', 'scheduled->cancelled', 'scheduled->no_show',
  'confirmed->completed', 'confirmed->cancelled', 'confirmed->no_show', 'confirmed->scheduled',
  'cancelled->scheduled',
  'no_show->scheduled',
  'completed->confirmed',
]);

const PAIRS = APPOINTMENT_STATUSES.flatMap((from) =>
  APPOINTMENT_STATUSES.map((to) => ({ from, to, allowed: ALLOWED.has(`${from}->${to}`) })),
);

describe('the transition table', () => {
  it('has the six statuses', () => {
    expect(APPOINTMENT_STATUSES).toEqual(['requested', 'scheduled', 'confirmed', 'completed', 'cancelled', 'no_show']);
    expect(PAIRS).toHaveLength(36);
  });

  it.each(PAIRS)('$from -> $to allowed: $allowed', ({ from, to, allowed }) => {
    expect(canTransition(from, to)).toBe(allowed);
    expect(allowedNext(from).includes(to)).toBe(allowed);
    if (allowed) {
      expect(() => assertTransition(from, to)).not.toThrow();
    } else {
      expect(() => assertTransition(from, to)).toThrow(InvalidTransitionError);
    }
  });

  it.each([
    ['requested', ['scheduled', 'confirmed', 'cancelled']],
    ['scheduled', ['confirmed', 'completed', 'cancelled', 'no_show']],
    ['confirmed', ['completed', 'cancelled', 'no_show', 'scheduled']],
    ['completed', ['confirmed']],
    ['cancelled', ['scheduled']],
    ['no_show', ['scheduled']],
  ] as const)('allowedNext(%s) lists %j', (status, next) => {
    expect(allowedNext(status)).toEqual(next);
  });
});

describe('assertTransition', () => {
  it.each([
    ['completed', 'cancelled', 'an appointment that is completed cannot become cancelled; allowed next: confirmed'],
    ['cancelled', 'completed', 'an appointment that is cancelled cannot become completed; allowed next: scheduled'],
    ['no_show', 'confirmed', 'an appointment that is no-show cannot become confirmed; allowed next: scheduled'],
    ['confirmed', 'confirmed', 'the appointment is already confirmed'],
    ['completed', 'no_show', 'an appointment that is completed cannot become no-show; allowed next: confirmed'],
    ['no_show', 'no_show', 'the appointment is already no-show'],
  ] as const)('%s -> %s says %j', (from, to, message) => {
    try {
      assertTransition(from, to);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidTransitionError);
      expect(error).toMatchObject({ from: statusWord(from), to: statusWord(to), allowed: allowedNext(from).map(statusWord), message });
    }
  });
});

describe('parseAppointmentStatus', () => {
  it.each([
    ['scheduled', 'scheduled'], ['confirmed', 'confirmed'], ['completed', 'completed'],
    ['cancelled', 'cancelled'], ['no_show', 'no_show'], ['no-show', 'no_show'], ['No-Show', 'no_show'],
    [' Confirmed ', 'confirmed'],
  ] satisfies [string, AppointmentStatus][])('%j -> %s', (text, status) => {
    expect(parseAppointmentStatus(text)).toBe(status);
  });

  it.each(['', 'canceled', 'noshow', 'pending', 'no--show'])('refuses %j', (text) => {
    expect(() => parseAppointmentStatus(text)).toThrow(
      new InvalidInputError(`expected a status: requested, scheduled, confirmed, completed, cancelled, no-show; got '${text}'`),
    );
  });
});
