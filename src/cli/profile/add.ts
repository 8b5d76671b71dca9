// `practice profile add <name>`: creates a profile (or changes one) pointing at a project: its URL
// (the root or the REST root), anon key and time zone. The built-in local profile takes a time zone only.
import { Command } from 'commander';
import type { StoredProfile } from '../../core/config-store.js';
import { checkProfileName, checkTimeZone, LOCAL_PROFILE, machineTimeZone } from '../../core/profiles.js';
import { normalizeProjectUrl } from '../../core/project-url.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { zoneKeptNotice } from './zone-kept.js';

interface AddOptions {
  url?: string;
  anonKey?: string;
  timeZone?: string;
  use?: boolean;
}

export function addCommand(ctx: Context): Command {
  return new Command('add')
    .description('Add a profile, or change the URL, anon key or time zone of one')
    .argument('<name>', 'a name for the profile, e.g. clinic')
    .option('--url <url>', 'the project URL: https://abcd.supabase.co or .../rest/v1')
    .option('--anon-key <key>', "the project's anon (public) API key")
    .option('--time-zone <zone>', "the practice's IANA time zone, e.g. Europe/Berlin (default: this system's)")
    .option('--use', 'also make it the active profile')
    .addHelpText('before', `Examples:
  $ practice profile add clinic --url https://abcd.supabase.co --anon-key "$ANON_KEY" --time-zone Europe/Berlin
  $ practice profile add local --time-zone America/New_York
`)
    .action((name: string, options: AddOptions) => runAdd(name, options, ctx));
}

async function runAdd(name: string, options: AddOptions, ctx: Context): Promise<void> {
  checkProfileName(name);
  const changes: Partial<StoredProfile> = {};
  if (name === LOCAL_PROFILE && (options.url || options.anonKey)) {
    throw new UsageError('The local profile follows the embedded service: its URL and anon key cannot be set.', 'Give it only --time-zone, or add a profile with another name.');
  }
  if (options.url) changes.url = normalizeProjectUrl(options.url).root;
  if (options.anonKey) changes.anon_key = options.anonKey;
  if (options.timeZone) changes.time_zone = checkTimeZone(options.timeZone);
  const { existed, keptZone } = await ctx.config().update((config) => {
    const current = config.profiles[name];
    const merged = { ...current, ...changes };
    if (name !== LOCAL_PROFILE && (!merged.url || !merged.anon_key)) {
      throw new UsageError(`A new profile needs --url and --anon-key.`, `practice profile add ${name} --url https://abcd.supabase.co --anon-key KEY`);
    }
    // A session belongs to the project it was made on; a new URL ends it.
    if (current?.session && changes.url && changes.url !== current.url) delete merged.session;
    // Its days start where this machine's do now, not wherever a later command's TZ says.
    const zoneless = !merged.time_zone;
    if (zoneless) merged.time_zone = machineTimeZone(ctx.env);
    config.profiles[name] = merged;
    if (options.use) config.active = name;
    return { existed: current !== undefined, keptZone: zoneless ? merged.time_zone : null };
  });
  ctx.out.success(`${existed ? 'Updated' : 'Added'} profile ${name}${options.use ? ' and made it the active one' : ''}.`);
  if (keptZone) ctx.out.note(zoneKeptNotice(name, keptZone));
}
