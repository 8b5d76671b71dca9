// The practice's retention periods as erase and purge send them to the service: the settings of
// `practice settings`, or their defaults (shared/settings.ts) where none is set.
import { query } from '../../core/query-builder.js';
import type { Context } from '../context.js';
import { readRanged } from '../shared/read-ranged.js';
import { SETTINGS, type SettingRow } from './settings.js';

export interface RetentionPeriods {
  clinical_years: number;
  financial_years: number;
}

export async function retentionPeriods(ctx: Context): Promise<RetentionPeriods> {
  const keys = ['clinical_retention_years', 'financial_retention_years'] as const;
  const rows = await readRanged<SettingRow>(await ctx.api(), 'practice_settings', query<SettingRow>().select(['key', 'value']).in('key', [...keys]));
  const years = (key: (typeof keys)[number]) => Number(rows.find((row) => row.key === key)?.value ?? SETTINGS[key].default);
  return { clinical_years: years('clinical_retention_years'), financial_years: years('financial_retention_years') };
}
