// `practice settings [show]`: every setting of the practice, the retention periods' defaults shown
// where none is set (GET practice_settings).
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { Column, RowOptions } from '../../core/output.js';
import { query } from '../../core/query-builder.js';
import type { Context } from '../context.js';
import { readRanged } from '../shared/read-ranged.js';
import { SETTING_KEYS, SETTINGS, type SettingKey, type SettingRow } from '../shared/settings.js';

interface Shown {
  key: SettingKey;
  value: string | null;
  source: 'set' | 'default' | 'unset';
  about: string;
}

const FIELDS = ['key', 'value', 'source', 'about'];
const COLUMNS: Column<Shown>[] = [{ key: 'key' }, { key: 'value', format: (value) => value ?? '' }, { key: 'source' }, { key: 'about' }];

export function showCommand(ctx: Context): Command {
  const command = new Command('show')
    .description('Show every setting: retention periods (with their defaults) and the practice\'s details')
    .addHelpText('before', `Examples:
  $ practice settings
  $ practice settings show --json
`)
    .action((options: RowOptions) => runShow(options, ctx));
  return addOutputFlags(command, FIELDS);
}

async function runShow(options: RowOptions, ctx: Context): Promise<void> {
  const rows = await readRanged<SettingRow>(await ctx.api(), 'practice_settings', query<SettingRow>().select(['id', 'key', 'value', 'updated_at']));
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  const shown: Shown[] = SETTING_KEYS.map((key) => {
    const value = stored.get(key);
    const fallback = SETTINGS[key].default;
    return { key, value: value ?? fallback, source: value !== undefined ? 'set' : fallback !== null ? 'default' : 'unset', about: SETTINGS[key].about };
  });
  await ctx.out.rows(shown, COLUMNS, options, 'No settings.');
}
