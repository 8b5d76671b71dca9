// Which profile a command uses (--profile, PRACTICE_PROFILE, the active one, else the built-in
// `local`), and the checks on what a profile holds: its name and its practice's time zone.
import type { ConfigFile, ConfigStore, StoredProfile } from './config-store.js';
import { BadInputError } from './errors.js';
import { dateLocalZone } from '../model/time-zone.js';

/** The built-in profile: the embedded service on this machine (DESIGN.md section 2). */
export const LOCAL_PROFILE = 'local';

export type ProfileSource = 'flag' | 'env' | 'config' | 'default';

const NAME = /^[a-z0-9][a-z0-9_-]{0,39}$/i;

export function chooseProfile(config: ConfigFile, flag: string | undefined, env: NodeJS.ProcessEnv): { name: string; source: ProfileSource } {
  if (flag) return { name: flag, source: 'flag' };
  if (env.PRACTICE_PROFILE) return { name: env.PRACTICE_PROFILE, source: 'env' };
  if (config.active) return { name: config.active, source: 'config' };
  return { name: LOCAL_PROFILE, source: 'default' };
}

export function checkProfileName(name: string): string {
  if (!NAME.test(name)) {
    throw new BadInputError(`"${name}" is not a valid profile name.`, 'Use up to 40 letters, digits, "-" and "_", starting with a letter or digit.');
  }
  return name;
}

/**
 * This machine's zone: TZ or where /etc/localtime points (model/time-zone.ts), else ICU. The first
 * two cost nothing; ICU's first use costs ~20 ms, too much for a command that only shows the zone
 * (auth status).
 */
function systemTimeZone(env: NodeJS.ProcessEnv = process.env): string {
  return dateLocalZone(env) ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * This machine's zone as a profile keeps it: ICU's name, as for a zone given by hand (checkTimeZone),
 * so a TZ that Intl reads but Date does not follow (europe/berlin leaves Date in UTC) is never taken
 * for Date's own zone later. Intl once, when the zone is stored. A TZ ICU does not know leaves Date
 * in UTC: UTC is kept.
 */
export function machineTimeZone(env: NodeJS.ProcessEnv): string {
  const zone = systemTimeZone(env);
  try {
    return (zone && checkTimeZone(zone)) || 'UTC';
  } catch (error) {
    if (error instanceof BadInputError) return 'UTC';
    throw error;
  }
}

/** The practice's zone, where its day starts: the profile's own (checked when stored), else this machine's. */
export function profileTimeZone(profile: StoredProfile | undefined, env: NodeJS.ProcessEnv): string {
  return profile?.time_zone ?? systemTimeZone(env);
}

/**
 * The zone of a profile that has none yet: this machine's, stored once so the practice's day stays
 * where it was, whatever TZ a later command (cron, another shell) runs with. Under the file's lock, of
 * racing processes one stores it; `kept` tells that one to say so.
 */
export async function keepTimeZone(store: ConfigStore, name: string, env: NodeJS.ProcessEnv): Promise<{ zone: string; kept: boolean }> {
  return store.update((config) => {
    const profile = (config.profiles[name] ??= {});
    if (profile.time_zone) return { zone: profile.time_zone, kept: false };
    profile.time_zone = machineTimeZone(env);
    return { zone: profile.time_zone, kept: true };
  });
}

/** An IANA zone name the runtime knows, e.g. Europe/Berlin; the practice's day starts there. */
export function checkTimeZone(zone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    throw new BadInputError(`"${zone}" is not a time zone.`, 'Use an IANA name such as Europe/Berlin or America/New_York.');
  }
}
