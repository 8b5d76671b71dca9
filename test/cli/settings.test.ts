// `practice settings`: the retention periods with their defaults until set, the practice's details,
// set (an upsert of the key, recorded in the audit) and unset; bad keys and values refused (exit 2).
import { describe, expect, it } from 'vitest';
import { signedInCli } from '../helpers/signed-in-cli.js';

const { home } = await signedInCli();

const shown = async () => {
  const result = await home.run(['settings', '--json']);
  expect(result.code, result.stderr).toBe(0);
  return Object.fromEntries(JSON.parse(result.stdout).map((row: any) => [row.key, [row.value, row.source]]));
};

describe('practice settings', () => {
  it('shows the defaults, sets and changes a key once, and unsets it back to the default', async () => {
    expect(await shown()).toMatchObject({
      clinical_retention_years: ['10', 'default'], financial_retention_years: ['10', 'default'], practice_name: [null, 'unset'],
    });
    expect((await home.run(['settings', 'set', 'clinical-retention-years', '8'])).stderr).toBe('✓ clinical_retention_years is 8.\n');
    expect((await home.run(['settings', 'set', 'clinical_retention_years', '12'])).code).toBe(0);
    const named = await home.run(['settings', 'set', 'practice_name', 'Lee Massage Therapy', '--json']);
    expect(JSON.parse(named.stdout)).toMatchObject({ key: 'practice_name', value: 'Lee Massage Therapy' });
    expect(await shown()).toMatchObject({ clinical_retention_years: ['12', 'set'], practice_name: ['Lee Massage Therapy', 'set'] });
    const stored = JSON.parse((await home.run(['api', 'GET', 'practice_settings', '-q', 'select=key,value'])).stdout);
    expect(stored).toHaveLength(2);

    const audit = JSON.parse((await home.run(['audit', '--table', 'practice_settings', '--json', 'action,changes'])).stdout);
    expect(audit[0]).toEqual({ action: 'insert', changes: expect.objectContaining({ key: { new: 'practice_name' } }) });
    expect(audit[1]).toEqual({ action: 'update', changes: expect.objectContaining({ value: { old: '8', new: '12' } }) });

    const unset = await home.run(['settings', 'unset', 'clinical_retention_years']);
    expect(unset.stderr).toBe('✓ clinical_retention_years removed; the default, 10, applies.\n');
    expect(await shown()).toMatchObject({ clinical_retention_years: ['10', 'default'] });
  });

  it('refuses an unknown key and a period that is not whole years, sending nothing (exit 2)', async () => {
    const key = await home.run(['settings', 'set', 'colour', 'blue']);
    expect(key.code).toBe(2);
    expect(key.stderr).toContain("<key>: 'colour' is not a setting.");
    for (const value of ['0', '7.5', 'ten', '101']) {
      const years = await home.run(['settings', 'set', 'financial_retention_years', value]);
      expect(years.code, value).toBe(2);
      expect(years.stderr).toContain('financial_retention_years is whole years from 1 to 100');
    }
  });
});
