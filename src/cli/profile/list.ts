// `practice profile list`: every profile (the built-in local one included), which one is active,
// where it points and who is signed in to it. Offline: nothing is sent.
import { Command } from 'commander';
import { chooseProfile, LOCAL_PROFILE, profileTimeZone } from '../../core/profiles.js';
import { addOutputFlags } from '../../core/output-flags.js';
import type { Column, RowOptions } from '../../core/output.js';
import { resolveDataDir } from '../../local-service/data-dir.js';
import { readServerState } from '../../local-service/server-state.js';
import type { Context } from '../context.js';

interface ProfileRow {
  name: string;
  active: boolean;
  url: string | null;
  signed_in_as: string | null;
  time_zone: string;
}

const FIELDS = ['name', 'active', 'url', 'signed_in_as', 'time_zone'];

const COLUMNS: Column<ProfileRow>[] = [
  { key: 'active', header: ' ', format: (active) => (active ? '*' : '') },
  { key: 'name' },
  { key: 'url', format: (url) => url ?? '(local service, not running)' },
  { key: 'signed_in_as', header: 'SIGNED IN AS' },
  { key: 'time_zone', header: 'TIME ZONE' },
];

export function listCommand(ctx: Context): Command {
  const command = new Command('list')
    .alias('ls')
    .description('List the profiles; * marks the one in use')
    .addHelpText('before', `Examples:
  $ practice profile list
  $ practice profile list --json name,url
`)
    .action((options: RowOptions) => runList(options, ctx));
  return addOutputFlags(command, FIELDS);
}

async function runList(options: RowOptions, ctx: Context): Promise<void> {
  const config = await ctx.config().read();
  const active = chooseProfile(config, ctx.options.profile, ctx.env).name;
  const names = [LOCAL_PROFILE, ...Object.keys(config.profiles).filter((name) => name !== LOCAL_PROFILE).sort()];
  const localServer = await readServerState(resolveDataDir(undefined, ctx.env));
  const rows = names.map((name): ProfileRow => {
    const profile = config.profiles[name] ?? {};
    return {
      name,
      active: name === active,
      url: name === LOCAL_PROFILE ? (localServer?.url ?? null) : (profile.url ?? null),
      signed_in_as: profile.session ? (profile.session.user.email ?? profile.session.user.id) : null,
      time_zone: profileTimeZone(profile, ctx.env),
    };
  });
  await ctx.out.rows(rows, COLUMNS, options);
}
