// Constraint names from PostgreSQL's text, said in plain words by the error printer.
import { describe, expect, it } from 'vitest';
import { plainRefusal } from '../../src/cli/plain-refusal.js';

describe('plainRefusal', () => {
  it.each([
    ['duplicate key value violates unique constraint "clients_email_key"', 'another client already has this email (emails are unique, any case)'],
    ['duplicate key value violates unique constraint "service_menu_name_key"', 'another service on the menu already has this name (names are unique, any case)'],
    ['new row for relation "expenses" violates check constraint "expenses_amount_check"', 'an amount must be more than 0'],
    ['conflicting key value violates exclusion constraint "appointments_no_overlap"', 'another appointment already takes that time'],
    ['insert or update on table "sessions" violates foreign key constraint "sessions_client_fkey"', 'the client does not exist in this practice'],
  ])('%s', (message, words) => {
    expect(plainRefusal(message)).toBe(`The change was refused: ${words}.`);
  });

  it('says a constraint it does not know without its name', () => {
    expect(plainRefusal('violates check constraint "clients_new_rule_check"')).toBe('The change was refused: it breaks a rule of the practice data.');
  });

  it('leaves a message that names no constraint alone', () => {
    expect(plainRefusal('Appointment 3f2a already has note 9b1c')).toBeNull();
  });
});
