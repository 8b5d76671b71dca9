// `practice settings unset <key>`: one setting removed (DELETE practice_settings?key=eq.<key>), so
// that a retention period falls back to its default.
import { Command } from 'commander';
import { query } from '../../core/query-builder.js';
import type { Context } from '../context.js';
import { SETTING_KEYS, SETTINGS, type SettingRow, settingKey } from '../shared/settings.js';

export function unsetCommand(ctx: Context): Command {
  return new Command('unset')
    .description('Remove one setting (a retention period goes back to its default)')
    .argument('<key>', `one of ${SETTING_KEYS.join(', ')}`)
    .addHelpText('before', `Examples:
  $ practice settings unset tax_id
`)
    .action(async (keyText: string) => {
      const key = settingKey(keyText);
      const api = await ctx.api();
      const removed = await api.remove<SettingRow>('practice_settings', query<SettingRow>().eq('therapist_id', await api.userId()).eq('key', key));
      const fallback = SETTINGS[key].default;
      ctx.out.success(removed.length === 0 ? `${key} was not set.` : `${key} removed${fallback === null ? '' : `; the default, ${fallback}, applies`}.`);
    });
}
