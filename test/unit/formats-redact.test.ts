import { describe, expect, it } from 'vitest';
import { initials, redactAppointment } from '../../src/formats/redact.js';

describe('initials', () => {
  it.each([
    { name: 'Ann Marie Lee', initials: 'A. M. L.' },
    { name: 'ann lee', initials: 'A. L.' },
    { name: 'Ann', initials: 'A.' },
    { name: '  Ann   Lee  ', initials: 'A. L.' },
    { name: 'Lee, Ann', initials: 'L. A.' },
    { name: 'Mary-Jane Smith', initials: 'M.-J. S.' },
    { name: "Seán O'Brien", initials: 'S. O.' },
    { name: 'Ann (Annie) Lee', initials: 'A. A. L.' },
    { name: 'Élodie Ça', initials: 'É. Ç.' },
    // É written as E and a combining acute accent stays one initial with its accent.
    { name: 'E\u0301lodie', initials: 'E\u0301.' },
    { name: 'Łukasz Żak', initials: 'Ł. Ż.' },
    { name: '山田 太郎', initials: '山. 太.' },
    { name: 'Ann & Bob', initials: 'A. B.' },
    { name: '', initials: '' },
    { name: '   ', initials: '' },
  ])('$name -> "$initials"', ({ name, initials: expected }) => {
    expect(initials(name)).toBe(expected);
  });
});

describe('redactAppointment', () => {
  it('replaces the client name with initials and drops the notes, keeping every other field', () => {
    const appointment = { id: 'a1', client_name: 'Ann Marie Lee', notes: 'left knee', service_name: 'Swedish 60' };
    expect(redactAppointment(appointment)).toEqual({ id: 'a1', client_name: 'A. M. L.', notes: null, service_name: 'Swedish 60' });
    expect(appointment.client_name).toBe('Ann Marie Lee');
  });

  it('leaves a missing client name missing', () => {
    expect(redactAppointment({ client_name: null, notes: null })).toEqual({ client_name: null, notes: null });
  });
});
