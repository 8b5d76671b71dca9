// Loads the CLI bundle (CommonJS) through a V8 code cache, so a command starts without parsing and
// compiling again what its last run compiled: about a third of `practice auth status` (bench/cli).
// Node 20 has no module.enableCompileCache (Node 22), so this does the same by hand: one cache file
// per noun, since each noun runs different code, under $XDG_CACHE_HOME/practice. The cache is only
// ever a shortcut: a missing, stale or unwritable one costs a normal compile, never a failure.
// NODE_DISABLE_COMPILE_CACHE turns it off, as it does Node 22's.
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';

/** What a cache file belongs to: this Node, this build of the bundle. V8 refuses a cache of another version too. */
function stampOf(file: string): string {
  const { size, mtimeMs } = statSync(file);
  return `${process.version}-${process.arch}-${size}-${Math.trunc(mtimeMs)}`;
}

function cacheDir(env: NodeJS.ProcessEnv): string {
  return join(env.XDG_CACHE_HOME || join(env.HOME || homedir(), '.cache'), 'practice');
}

function readOrNothing(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

/** Writes the code compiled by now (at exit, the whole run's), atomically, and drops other builds' caches. */
function save(script: Script, dir: string, stamp: string, name: string): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const temporary = join(dir, `${name}.${process.pid}.tmp`);
    writeFileSync(temporary, script.createCachedData(), { mode: 0o600 });
    renameSync(temporary, join(dir, name));
    for (const entry of readdirSync(dir)) if (!entry.startsWith(stamp)) unlinkSync(join(dir, entry));
  } catch {
    // A read-only or full disk: the next run compiles as if there were no cache.
  }
}

/**
 * `require(file)` for a self-contained CommonJS bundle, with the code cache of `variant`. The bundle
 * may not use import(): a vm.Script has no loader for it on Node 20 (the build turns it into require).
 */
export function cachedRequire(file: string, variant: string, env: NodeJS.ProcessEnv): unknown {
  const source = readFileSync(file, 'utf8');
  const useCache = !env.NODE_DISABLE_COMPILE_CACHE;
  const dir = cacheDir(env);
  const stamp = useCache ? stampOf(file) : '';
  const name = `${stamp}-${variant.replace(/[^a-z0-9-]/gi, '_').slice(0, 40)}.v8`;
  const cachedData = useCache ? readOrNothing(join(dir, name)) : undefined;
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  const script = new Script(wrapped, { filename: file, cachedData });
  if (useCache && (!cachedData || script.cachedDataRejected)) process.once('exit', () => save(script, dir, stamp, name));
  const module = { exports: {} as unknown };
  (script.runInThisContext() as Function)(module.exports, createRequire(file), module, file, dirname(file));
  return module.exports;
}
