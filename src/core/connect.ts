// From the chosen profile and the environment to a ready client: the project's URLs and anon key
// (PRACTICE_URL / PRACTICE_ANON_KEY win over the profile), the session keeper, the auth endpoints.
import { UnusableDirError } from '../fs/unusable-dir.js';
import { ApiClient, type ClientOptions, type ServiceAddress } from './api-client.js';
import { AuthApi } from './auth-api.js';
import type { ConfigStore } from './config-store.js';
import { MissingAnonKeyError, UnknownProfileError } from './errors.js';
import { DEFAULT_TIMEOUTS, HttpTransport } from './http.js';
import type { StartLocalService } from './local-profile.js';
import { chooseProfile, keepTimeZone, LOCAL_PROFILE, profileTimeZone, type ProfileSource } from './profiles.js';
import { normalizeProjectUrl, type ProjectUrls, projectUrls } from './project-url.js';
import { SessionKeeper } from './session.js';

interface ActiveProfile {
  name: string;
  /** How it was chosen: --profile, PRACTICE_PROFILE, `profile use`, or the built-in default. */
  source: ProfileSource;
  /** The embedded service of this machine, started and signed in to by the CLI itself. */
  local: boolean;
  urls: ProjectUrls;
  /** The practice's IANA time zone: where "today" is. */
  timeZone: string;
}

export interface Connection {
  profile: ActiveProfile;
  api: ApiClient;
  auth: AuthApi;
  session: SessionKeeper;
}

/** What a connection is made from; a caller other than the CLI (a test, an MCP server) gives the same. */
export interface ConnectInputs {
  store: ConfigStore;
  /** The profile asked for by name (`--profile`), if any. */
  profileName: string | undefined;
  env: NodeJS.ProcessEnv;
  now(): Date;
  /** How the client waits, retries and reports (see ClientOptions). */
  client: Pick<ClientOptions, 'maxWaitMs' | 'log' | 'redraw' | 'verbose'>;
  /** Starts the local service when the local profile finds none running. */
  startLocalService: StartLocalService;
  /** Told when a profile without a time zone has just kept this machine's (once a profile). */
  zoneKept(profile: string, zone: string): void;
}

/**
 * When the service refuses a connection: the local profile starts its service again and follows it
 * to where it listens; another profile (or PRACTICE_URL) naming the local service's kept address
 * starts it there. Anything else is not this CLI's to start (null).
 */
async function reviveLocalService(inputs: ConnectInputs, local: boolean, address: ServiceAddress): Promise<ServiceAddress | null> {
  const { env, store } = inputs;
  const { localService, isLocalServiceAddress } = await import('./local-profile.js');
  if (!local && !(await isLocalServiceAddress(address.urls.root, env))) return null;
  const service = await localService(store, env, inputs.startLocalService);
  return local ? { urls: projectUrls(service.url), anonKey: env.PRACTICE_ANON_KEY || service.anonKey } : address;
}

export async function connect(inputs: ConnectInputs): Promise<Connection> {
  const { env, store, now } = inputs;
  const config = await store.read();
  const { name, source } = chooseProfile(config, inputs.profileName, env);
  const stored = config.profiles[name];
  const local = name === LOCAL_PROFILE && !env.PRACTICE_URL;
  if (!stored?.url && !local && !env.PRACTICE_URL) {
    throw new UnknownProfileError(name);
  }

  // Only the local profile needs the code that starts a server and signs a therapist up.
  const localAccount = local ? await import('./local-profile.js') : null;
  let urls: ProjectUrls;
  // The local profile's stored key belongs to the local service, not to a PRACTICE_URL.
  let anonKey = env.PRACTICE_ANON_KEY || (stored?.url ? stored.anon_key : null) || null;
  if (env.PRACTICE_URL) {
    urls = normalizeProjectUrl(env.PRACTICE_URL);
  } else if (localAccount) {
    const service = await localAccount.localService(store, env, inputs.startLocalService);
    urls = projectUrls(service.url);
    anonKey = env.PRACTICE_ANON_KEY || service.anonKey;
  } else {
    urls = normalizeProjectUrl(stored!.url!);
  }
  if (!anonKey) {
    throw new MissingAnonKeyError(name, urls.root, Boolean(env.PRACTICE_URL));
  }

  const api = new ApiClient({
    urls,
    anonKey,
    transport: new HttpTransport(DEFAULT_TIMEOUTS),
    now,
    revive: () => reviveLocalService(inputs, local, { urls, anonKey: anonKey! }),
    ...inputs.client,
  });
  const auth = new AuthApi(api);
  const session = new SessionKeeper({
    store,
    profile: name,
    auth,
    now,
    envToken: env.PRACTICE_TOKEN || null,
    selfSignIn: localAccount ? (profile, authApi) => localAccount.signInLocalTherapist(profile, authApi, now(), env) : null,
  });
  api.useCredentials(session);
  let timeZone = profileTimeZone(stored, env);
  // A profile in the file (the local one is, from its first use) keeps the zone it was first used in.
  if (!stored?.time_zone && (stored || local)) {
    try {
      const { zone, kept } = await keepTimeZone(store, name, env);
      if (kept) inputs.zoneKept(name, zone);
      timeZone = zone;
    } catch (err) {
      // A read-only config (mounted so, say) still serves a command that writes nothing else to it.
      if (!(err instanceof UnusableDirError)) throw err;
    }
  }
  return { profile: { name, source, local, urls, timeZone }, api, auth, session };
}
