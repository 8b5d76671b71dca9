// The CLI's code caches, so a command's next run skips parsing and compiling what this one
// compiled. The files of dist/ go through a V8 code cache kept by hand: each compiled as a vm.Script
// with the code V8 kept after an earlier run had run it, lazily compiled functions too. Node 22.1+'s
// own compile cache (module.enableCompileCache), on as well for the packages the CLI requires, keeps
// only what is compiled up front: for dist/ ours was ~6 ms of a one-row client list faster on Node
// 24, and on Node 20, which has none, it saves the ~10 ms of compiling that kept bench/lists from
// its goal. Either cache is only ever a shortcut: a missing, stale, damaged or unwritable one is no
// cache, never a failure.
import { readFileSync, statSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import * as nodeModule from 'node:module';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';

type EnableCompileCache = (directory?: string) => unknown;
type Compile = (this: nodeModule, content: string, filename: string) => unknown;

/** Where ours goes: the user's cache folder, never the package's (it may be read-only, or shared). */
function compileCacheDir(env: NodeJS.ProcessEnv): string {
  return join(env.XDG_CACHE_HOME || join(env.HOME || homedir(), '.cache'), 'practice', 'compile-cache');
}

/** Turns the caches on before `bundleDir`'s cli.cjs is required, unless the user has set Node's own. */
export function enableCompileCache(env: NodeJS.ProcessEnv, bundleDir: string): void {
  const enable = (nodeModule as { enableCompileCache?: EnableCompileCache }).enableCompileCache;
  // NODE_COMPILE_CACHE: Node has already enabled its own, in the user's folder, for every file; NODE_DISABLE_COMPILE_CACHE: off.
  if (env.NODE_COMPILE_CACHE || env.NODE_DISABLE_COMPILE_CACHE) return;
  if (enable !== undefined) enable(compileCacheDir(env));
  cacheBundleByHand(compileCacheDir(env), bundleDir);
}

/** The start of this Node's folders of ours in the cache folder, beside Node's own (named by its version alone). */
const thisNode = `dist-${process.version}-${process.arch}-`;

/**
 * Compiles each file of `bundleDir` as a vm.Script with the code V8 kept from an earlier run, and at
 * exit keeps the code of the files that had none (compiled by then, lazy functions too). The build
 * rewrites all of dist/ at once, so cli.cjs's size and time name the build's folder.
 */
function cacheBundleByHand(root: string, bundleDir: string): void {
  const Module = nodeModule.Module as unknown as { prototype: { _compile: Compile } };
  let dir: string;
  try {
    const { size, mtimeMs } = statSync(join(bundleDir, 'cli.cjs'));
    dir = join(root, `${thisNode}${size}-${Math.trunc(mtimeMs)}`);
  } catch {
    return;
  }
  const ours = nodeModule.createRequire(join(bundleDir, 'main.cjs'));
  const compile = Module.prototype._compile;
  const unsaved: Array<[string, Script]> = [];
  Module.prototype._compile = function (content, filename) {
    if (dirname(filename) !== bundleDir) return compile.call(this, content, filename);
    let cachedData: Buffer | undefined;
    try {
      cachedData = readFileSync(join(dir, basename(filename)));
    } catch {
      // None yet: compiled below as usual, kept at exit.
    }
    const script = new Script(`(function (exports, require, module, __filename, __dirname) {${content}\n})`, { filename, cachedData });
    if (cachedData === undefined || script.cachedDataRejected) unsaved.push([basename(filename), script]);
    // Node's own require for a module, as far as a bundle's file uses it (it resolves from bundleDir, as ours).
    const require = Object.assign((id: string) => this.require(id), { cache: ours.cache, main: ours.main, resolve: ours.resolve });
    return (script.runInThisContext() as Function).call(this.exports, this.exports, require, this, filename, bundleDir);
  };
  // Once the command is done, before the process ends (an explicit exit skips it: no cache is no failure).
  process.once('beforeExit', () => {
    if (unsaved.length > 0) void save(root, dir, unsaved);
  });
}

/** Writes each script's code atomically into `dir`, and drops this Node's caches of other builds. */
async function save(root: string, dir: string, scripts: Array<[string, Script]>): Promise<void> {
  try {
    // Loaded here, after the command: the commands that find their cache never load it for this.
    const { writeFileAtomically } = await import('../fs/atomic-files.js');
    await mkdir(dir, { recursive: true, mode: 0o700 });
    for (const [name, script] of scripts) await writeFileAtomically(join(dir, name), script.createCachedData(), { durable: false });
    // Another Node's stay: two Nodes may take turns running the CLI.
    for (const entry of await readdir(root)) {
      if (entry.startsWith(thisNode) && join(root, entry) !== dir) await rm(join(root, entry), { recursive: true, force: true });
    }
  } catch {
    // A read-only or full disk: the next run compiles as if there were no cache.
  }
}
