// The built-in `local` profile (DESIGN.md section 2): the embedded service of this machine, started
// in the background when it is not running, and a therapist account the CLI creates and signs in to.
import { setTimeout as sleep } from 'node:timers/promises';
import { resolveDataDir } from '../local-service/data-dir.js';
import { readKeptPort } from '../local-service/kept-port.js';
import { keepLocalAccount, readLocalAccount } from '../local-service/local-account.js';
import { readServerState, type ServerState } from '../local-service/server-state.js';
import { ApiError } from './api-error.js';
import { type AuthApi, storedSession } from './auth-api.js';
import type { ConfigStore, StoredProfile, StoredSession } from './config-store.js';
import { CoreError, LocalAccountTakenError, LocalServiceStoppedError } from './errors.js';
import { LOCAL_PROFILE } from './profiles.js';

const LOCAL_EMAIL = 'therapist@localhost';
// A server someone else is starting (its state file has no URL yet) is waited for this long.
const STARTING_WAIT_MS = 60_000;

/**
 * Starts the service of `dataDir` in the background (the caller knows how: which executable, and
 * what to tell the person meanwhile); resolves with the anon key when the started server gave one.
 */
export type StartLocalService = (dataDir: string) => Promise<{ anonKey: string | null }>;

const serverRun = (state: ServerState) => `${state.pid} ${state.startedAt}`;

async function runningServer(dataDir: string): Promise<ServerState | null> {
  const deadline = Date.now() + STARTING_WAIT_MS;
  let state = await readServerState(dataDir);
  while (state && !state.url && Date.now() < deadline) {
    await sleep(100);
    state = await readServerState(dataDir);
  }
  return state?.url ? state : null;
}

/**
 * The local service's URL and anon key, starting it first if need be. The key is derived once per
 * run of the server and kept in the profile, so later commands skip the JWT library entirely.
 */
export async function localService(store: ConfigStore, env: NodeJS.ProcessEnv, start: StartLocalService): Promise<{ url: string; anonKey: string }> {
  const dataDir = resolveDataDir(undefined, env);
  const state = await readServerState(dataDir);
  const cached = (await store.read()).profiles[LOCAL_PROFILE];
  if (state?.url && cached?.anon_key && cached.local_server === serverRun(state)) return { url: state.url, anonKey: cached.anon_key };

  // One process starts the server; the others wait here and then find it running.
  return store.locked('local-service', async () => {
    let running = await runningServer(dataDir);
    let anonKey: string | null = null;
    if (!running) {
      anonKey = (await start(dataDir)).anonKey;
      running = await runningServer(dataDir);
      if (!running) throw new LocalServiceStoppedError();
    }
    if (!anonKey) {
      const { loadServiceKeys } = await import('../local-service/keys.js');
      anonKey = (await loadServiceKeys(dataDir, env)).anonKey;
    }
    // Once a run of the server at least: an account made before the data dir kept a copy gets one.
    if (cached?.local_account) await keepLocalAccount(dataDir, cached.local_account);
    const run = serverRun(running);
    await store.update((config) => {
      Object.assign((config.profiles[LOCAL_PROFILE] ??= {}), { anon_key: anonKey, local_server: run });
    });
    return { url: running.url!, anonKey };
  });
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Whether `root` (another profile's URL, PRACTICE_URL) is the address this machine's local service keeps. */
export async function isLocalServiceAddress(root: string, env: NodeJS.ProcessEnv): Promise<boolean> {
  const url = new URL(root);
  if (url.protocol !== 'http:' || !LOOPBACK.has(url.hostname)) return false;
  return Number(url.port) === (await readKeptPort(resolveDataDir(undefined, env)));
}

/**
 * Signs the local therapist in with the password the CLI chose for it, or signs it up on first use
 * (and again when the service's data was reset). The password is kept in the 0600 config file and in
 * the data dir, whose copy signs the same therapist in again when the config was lost.
 */
export async function signInLocalTherapist(profile: StoredProfile, auth: AuthApi, now: Date, env: NodeJS.ProcessEnv): Promise<StoredSession> {
  const dataDir = resolveDataDir(undefined, env);
  const account = profile.local_account ?? (await readLocalAccount(dataDir));
  if (account) {
    try {
      const session = storedSession(await auth.signIn(account.email, account.password), now);
      profile.local_account = account;
      // An account made before the data dir kept a copy gets one now.
      await keepLocalAccount(dataDir, account);
      return session;
    } catch (err) {
      if (!(err instanceof ApiError && err.code === 'invalid_credentials')) throw err;
    }
  }
  const fresh = account ?? { email: LOCAL_EMAIL, password: Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString('base64url') };
  // Kept before the account exists: a command killed right after the sign-up still leaves its password.
  await keepLocalAccount(dataDir, fresh);
  let session;
  try {
    session = await auth.signUp(fresh.email, fresh.password);
  } catch (err) {
    if (err instanceof ApiError && err.code === 'user_already_exists') {
      throw new LocalAccountTakenError(fresh.email);
    }
    throw err;
  }
  if (!session) throw new CoreError('The local practice service created the account but started no session.');
  profile.local_account = fresh;
  return storedSession(session, now);
}
