// The service's port, kept in the data dir (`port`, mode 0600) by every `server start` once listening:
// its address, which profiles, scripts and a running `practice mcp` hold, outlives every restart.
// fs.promises, not node:fs/promises: Node loads it on first use, which a read never makes (docs/architecture.md).
import { promises as fsp } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomically } from '../fs/atomic-files.js';
import { unusableDir } from '../fs/unusable-dir.js';

const portPath = (dataDir: string) => join(dataDir, 'port');

/** The port the data dir's service keeps, or null before its first start. */
export async function readKeptPort(dataDir: string): Promise<number | null> {
  let text: string;
  try {
    text = await fsp.readFile(portPath(dataDir), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const port = Number(text.trim());
  // A damaged file keeps nothing: the next start chooses again and writes it whole.
  return Number.isInteger(port) && port > 0 && port < 65536 ? port : null;
}

export async function keepPort(dataDir: string, port: number): Promise<void> {
  if ((await readKeptPort(dataDir)) === port) return;
  await writeFileAtomically(portPath(dataDir), `${port}\n`).catch((err: unknown) => {
    throw unusableDir(err, dataDir, 'data');
  });
}
