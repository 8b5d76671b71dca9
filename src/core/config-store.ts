// The CLI's config file: profiles, their sessions and the active profile, in one JSON file of mode
// 0600. Reads take no lock (writes are atomic renames); every change is a locked read-modify-write.
// fs.promises, not node:fs/promises: Node loads it on first use, which a read never makes (docs/architecture.md).
import { promises as fsp, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { withFileLock, writeFileAtomically } from '../fs/atomic-files.js';
import { mkdirFailure, unusableDir } from '../fs/unusable-dir.js';
import type { LocalAccount } from '../local-service/local-account.js';
import { DamagedConfigError } from './errors.js';

interface StoredUser {
  id: string;
  email: string | null;
}

export interface StoredSession {
  access_token: string;
  /** Null for a token given with `auth login --token`: it cannot be renewed. */
  refresh_token: string | null;
  /** Unix seconds; null when the token does not say. */
  expires_at: number | null;
  user: StoredUser;
}

export interface StoredProfile {
  /** The project root; absent for the built-in `local` profile, which follows the embedded service. */
  url?: string;
  anon_key?: string;
  /** IANA zone of the practice, e.g. Europe/Berlin; absent means the system's. */
  time_zone?: string;
  session?: StoredSession;
  /** What the CLI needs to sign the local therapist in again when its refresh token is gone. */
  local_account?: LocalAccount;
  /** Which run of the local server `anon_key` was read from (its pid and start time). */
  local_server?: string;
}

export interface ConfigFile {
  version: 1;
  active?: string;
  profiles: Record<string, StoredProfile>;
}

const FILE = 'config.json';

export function configDir(env: NodeJS.ProcessEnv): string {
  if (env.PRACTICE_CONFIG_DIR) return env.PRACTICE_CONFIG_DIR;
  return join(env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config'), 'practice');
}

export class ConfigStore {
  readonly path: string;

  constructor(readonly dir: string) {
    this.path = join(dir, FILE);
  }

  private cached: ConfigFile | null = null;

  /** The file as this process last read or wrote it (a renewal re-reads it under the lock). */
  async read(): Promise<ConfigFile> {
    return (this.cached ??= this.load());
  }

  // Synchronous on purpose: one small file read at start costs one system call this way, against
  // four thread-pool round trips through fs/promises.
  private load(): ConfigFile {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, profiles: {} };
      throw unusableDir(err, this.dir, 'config');
    }
    try {
      const config = JSON.parse(text) as ConfigFile;
      if (typeof config.profiles !== 'object' || config.profiles === null) throw new Error('no profiles');
      return config;
    } catch {
      throw new DamagedConfigError(this.path);
    }
  }

  /** Applies `change` to the current file under the lock and writes the result; returns what `change` returned. */
  async update<T>(change: (config: ConfigFile) => T | Promise<T>): Promise<T> {
    return this.underLock(`${this.path}.lock`, async () => {
      const config = this.load();
      const result = await change(config);
      await this.write(config);
      this.cached = config;
      return result;
    });
  }

  /** Runs `work` under the file's lock without writing (e.g. to start the local server only once). */
  async locked<T>(name: string, work: () => Promise<T>): Promise<T> {
    return this.underLock(join(this.dir, `${name}.lock`), work);
  }

  /** A directory that refuses the lock (read-only, full) is said to be this one; `work`'s own failures pass as they are. */
  private async underLock<T>(lockPath: string, work: () => Promise<T>): Promise<T> {
    let working = false;
    try {
      await fsp.mkdir(this.dir, { recursive: true, mode: 0o700 }).catch(async (err: unknown) => {
        throw await mkdirFailure(err, this.dir, 'config');
      });
      return await withFileLock(lockPath, () => {
        working = true;
        return work();
      });
    } catch (err) {
      throw working ? err : unusableDir(err, this.dir, 'config');
    }
  }

  private async write(config: ConfigFile): Promise<void> {
    try {
      await writeFileAtomically(this.path, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
    } catch (err) {
      throw unusableDir(err, this.dir, 'config');
    }
  }
}
