// The local therapist's email and password, kept in the data dir (`local-account`, mode 0600) beside
// the database they open: whoever can read the practice's records can sign in to them anyway, and a
// deleted or damaged CLI config (which keeps a copy) then loses nothing.
// fs.promises, not node:fs/promises: Node loads it on first use, which a read never makes (docs/architecture.md).
import { promises as fsp } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomically } from '../fs/atomic-files.js';
import { unusableDir } from '../fs/unusable-dir.js';

export interface LocalAccount {
  email: string;
  password: string;
}

const accountPath = (dataDir: string) => join(dataDir, 'local-account');

/** The account the data dir's service keeps for the CLI, or null (none yet, or a file that is not one). */
export async function readLocalAccount(dataDir: string): Promise<LocalAccount | null> {
  try {
    const account = JSON.parse(await fsp.readFile(accountPath(dataDir), 'utf8')) as Partial<LocalAccount>;
    return typeof account.email === 'string' && typeof account.password === 'string' ? { email: account.email, password: account.password } : null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || err instanceof SyntaxError) return null;
    throw err;
  }
}

export async function keepLocalAccount(dataDir: string, account: LocalAccount): Promise<void> {
  const kept = await readLocalAccount(dataDir);
  if (kept?.email === account.email && kept.password === account.password) return;
  await writeFileAtomically(accountPath(dataDir), `${JSON.stringify(account)}\n`).catch((err: unknown) => {
    throw unusableDir(err, dataDir, 'data');
  });
}
