// What `client erase` says of rpc/erase_client's answer: what went (declined requests among it, when
// the database is migration 26's), and what the retention periods keep, due now or not.
import { describe, expect, it } from 'vitest';
import { erasureLines, type ErasureReport } from '../../src/cli/shared/erasure-report.js';

const report = (removed: Partial<ErasureReport['removed']>, kept: ErasureReport['kept'] = []): ErasureReport => ({
  client_id: '3f2a9c1b-0000-4000-8000-000000000000', name: 'Erased client 3f2a9c1b', erased_at: '2026-11-27T10:00:00Z',
  removed: { name_and_contact: true, messages: 0, reminders: 0, appointments_cleared: 0, appointments_cancelled: 0, ...removed },
  kept, periods: { clinical_years: 10, financial_years: 7 },
});

describe('erasureLines', () => {
  it('names the bookings cancelled and the waiting requests declined', () => {
    expect(erasureLines(report({ messages: 2, appointments_cancelled: 1, requests_declined: 2 }), '2026-11-27')[0]).toBe(
      'Removed: name, phone, email and notes about the client; 2 messages; 1 booking to come (cancelled); 2 waiting requests (declined).');
  });

  it('says nothing of requests when none were waiting, or when an older database does not count them', () => {
    expect(erasureLines(report({ requests_declined: 0 }), '2026-11-27')[0]).toBe('Removed: name, phone, email and notes about the client.');
    expect(erasureLines(report({}), '2026-11-27')[0]).toBe('Removed: name, phone, email and notes about the client.');
  });

  it('names only what came since for a client erased before, or that nothing more went', () => {
    expect(erasureLines(report({ name_and_contact: false, messages: 1 }), '2026-11-27')[0]).toBe('Removed: 1 message.');
    expect(erasureLines(report({ name_and_contact: false }), '2026-11-27')[0]).toBe('Removed: nothing more.');
  });

  it('marks what is kept past its date as due for the purge', () => {
    const lines = erasureLines(report({}, [
      { records: 'notes', count: 3, until: '2036-05-02', basis: 'clinical' },
      { records: 'payments', count: 1, until: '2025-01-10', basis: 'financial' },
    ]), '2026-11-27');
    expect(lines[1]).toBe('Kept, as the retention periods require (GDPR Art. 17(3)):');
    expect(lines[2]).toMatch(/^ {2}notes +3 +until 2036-05-02 +clinical records, kept 10 years after the last visit$/);
    expect(lines[3]).toMatch(/^ {2}payments +1 +until 2025-01-10 +financial records, kept 7 years after .*; due now: `practice retention purge`$/);
  });
});
