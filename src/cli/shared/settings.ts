// What the `settings` commands share: the keys (the table practice_settings of migration 15), each
// with what it means and, for a retention period, the default a practice has until it sets one.
import { UsageError } from '../errors.js';

export interface SettingRow {
  id: string;
  key: SettingKey;
  value: string;
  updated_at: string;
  therapist_id: string;
}

export const SETTINGS = {
  clinical_retention_years: {
    about: 'years to keep clinical records (notes, appointments, messages) after the last visit',
    // HIPAA keeps its documentation 6 years; US states ask 7-10 for adults; Germany (BGB 630f) 10.
    default: '10',
  },
  financial_retention_years: {
    about: 'years to keep financial records (payments, invoices, expenses)',
    // The longest common rule: Germany's AO 147 and many EU states ask 10; the IRS up to 7; the UK 6.
    default: '10',
  },
  practice_name: { about: 'the practice\'s name, as invoices and receipts print it', default: null },
  address: { about: 'the practice\'s postal address', default: null },
  tax_id: { about: 'the tax or VAT id', default: null },
  license_number: { about: 'the licence or NPI number', default: null },
  payment_instructions: { about: 'how clients pay: bank details, payment link', default: null },
} as const;

export type SettingKey = keyof typeof SETTINGS;
export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];

const isSettingKey = (text: string): text is SettingKey => Object.hasOwn(SETTINGS, text);

/** `clinical-retention-years` or `tax_id` -> the key; anything else is a usage error. */
export function settingKey(text: string): SettingKey {
  const key = text.toLowerCase().replaceAll('-', '_');
  if (!isSettingKey(key)) throw new UsageError(`<key>: '${text}' is not a setting.`, `Settings: ${SETTING_KEYS.join(', ')}.`);
  return key;
}
