// `practice settings set <key> <value>`: one setting written, an upsert on the practice's key (POST
// practice_settings?on_conflict=therapist_id,key). Checked here first; the database checks again.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { SETTING_KEYS, type SettingKey, type SettingRow, settingKey } from '../shared/settings.js';

const FIELDS = ['key', 'value', 'updated_at'];

function checkedValue(key: SettingKey, text: string): string {
  const value = text.trim();
  if (key.endsWith('_retention_years')) {
    if (!/^([1-9][0-9]?|100)$/.test(value)) throw new UsageError(`<value>: ${key} is whole years from 1 to 100; got '${text}'.`);
    return value;
  }
  if (value === '' || value.length > 2000) throw new UsageError(`<value>: ${key} takes 1 to 2000 characters.`, `To remove it: practice settings unset ${key}`);
  return value;
}

export function setCommand(ctx: Context): Command {
  const command = new Command('set')
    .description('Set one setting')
    .argument('<key>', `one of ${SETTING_KEYS.join(', ')}`)
    .argument('<value>', 'its value; retention periods in whole years (1-100)')
    .addHelpText('before', `Examples:
  $ practice settings set clinical_retention_years 10
  $ practice settings set practice_name "Lee Massage Therapy"
  $ practice settings set payment_instructions "IBAN DE02 1203 0000 0000 2020 51"
`)
    .action(async (keyText: string, valueText: string, options: { json?: true | string[] }) => {
      const key = settingKey(keyText);
      const value = checkedValue(key, valueText);
      const response = await (await ctx.api()).request({
        method: 'POST', path: '/rest/v1/practice_settings', query: 'on_conflict=therapist_id,key',
        body: { key, value }, headers: { prefer: 'resolution=merge-duplicates,return=representation' },
      });
      const [row] = response.json<SettingRow[]>();
      if (options.json) ctx.out.json({ key: row!.key, value: row!.value, updated_at: row!.updated_at });
      else ctx.out.success(`${key} is ${value}.`);
    });
  return addOutputFlags(command, FIELDS);
}
