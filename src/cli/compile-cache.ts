// Node's own compile cache (module.enableCompileCache, Node 22.1+) for the CLI bundle and the
// packages it requires: a command's next run skips parsing and compiling what this one compiled.
// Node 20 has none and compiles as it always did. The cache is only ever a shortcut: Node treats a
// missing, stale or unwritable one as no cache, never as a failure.
import * as nodeModule from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';

type EnableCompileCache = (directory?: string) => unknown;

/** Where ours goes: the user's cache folder, never the package's (it may be read-only, or shared). */
function compileCacheDir(env: NodeJS.ProcessEnv): string {
  return join(env.XDG_CACHE_HOME || join(env.HOME || homedir(), '.cache'), 'practice', 'compile-cache');
}

export function enableCompileCache(env: NodeJS.ProcessEnv): void {
  const enable = (nodeModule as { enableCompileCache?: EnableCompileCache }).enableCompileCache;
  // NODE_COMPILE_CACHE: Node has already enabled it, in the user's folder; NODE_DISABLE_COMPILE_CACHE: off.
  if (enable === undefined || env.NODE_COMPILE_CACHE || env.NODE_DISABLE_COMPILE_CACHE) return;
  enable(compileCacheDir(env));
}
