import { describe, expect, it } from 'vitest';
import { SCHEDULE_COLUMNS, scheduleRows, toSchedule } from '../../src/formats/schedule.js';
import type { Appointment, Service } from '../../src/model/records.js';

const CLIENT = 'a0b1c2d3-e4f5-4a6b-8c7d-8e9f0a1b2c3d';
const SWEDISH = '0c9d8e7f-6a5b-4c3d-9e2f-1a0b9c8d7e6f';
const DELETED = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
const AT = '2026-11-20T09:15:00.123456+00:00';

function appointment(id: string, fields: Partial<Appointment>): Appointment {
  return {
    id,
    therapist_id: null,
    created_at: AT,
    updated_at: AT,
    date: '2026-11-23',
    start_time: '09:00',
    end_time: '10:00',
    client_id: CLIENT,
    status: 'scheduled',
    client_name: 'Ann Marie Lee',
    service_id: SWEDISH,
    notes: 'left knee',
    price: 80,
    buffer_minutes: 0,
    series_id: null,
    recurrence: null,
    ...fields,
  };
}

const services: Service[] = [
  { id: SWEDISH, therapist_id: null, created_at: null, updated_at: null, name: 'Swedish 60', duration: 60, price: 80, description: null, buffer_minutes: 0, active: true },
];

describe('toSchedule', () => {
  it('joins service names and sorts by date, then start time', () => {
    const schedule = toSchedule(
      [
        appointment('c', { date: '2026-11-24', start_time: '08:00', end_time: '09:00' }),
        appointment('b', { start_time: '13:00', end_time: '14:00', service_id: null }),
        appointment('a', { start_time: '09:00', end_time: '10:00', service_id: DELETED }),
        appointment('d', { start_time: '11:00', end_time: '12:00' }),
      ],
      services,
    );
    expect(schedule.map(({ id, service_name }) => [id, service_name])).toEqual([
      ['a', null], // a service not among those read leaves the name empty rather than failing the export
      ['d', 'Swedish 60'],
      ['b', null],
      ['c', 'Swedish 60'],
    ]);
  });

  it('carries every field the formats use', () => {
    expect(toSchedule([appointment('a', { status: 'confirmed' })], services)).toEqual([
      {
        id: 'a', date: '2026-11-23', start_time: '09:00', end_time: '10:00', status: 'confirmed', client_id: CLIENT,
        client_name: 'Ann Marie Lee', service_id: SWEDISH, service_name: 'Swedish 60', notes: 'left knee', created_at: AT, updated_at: AT,
      },
    ]);
  });
});

describe('scheduleRows', () => {
  const schedule = toSchedule([appointment('a', {})], services);

  it('gives the columns of the JSON and CSV exports, in order', () => {
    const [row] = scheduleRows(schedule, { redact: false });
    expect(Object.keys(row!)).toEqual([...SCHEDULE_COLUMNS]);
    expect(row).toEqual({
      id: 'a', date: '2026-11-23', start_time: '09:00', end_time: '10:00', status: 'scheduled', client_id: CLIENT,
      client_name: 'Ann Marie Lee', service_id: SWEDISH, service_name: 'Swedish 60', notes: 'left knee',
    });
  });

  it('redacts to initials and no notes', () => {
    expect(scheduleRows(schedule, { redact: true })[0]).toMatchObject({ client_name: 'A. M. L.', notes: null, service_name: 'Swedish 60' });
  });
});
