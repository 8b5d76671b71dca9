// The CLI's code caches, so a command's next run skips parsing and compiling what this one
// compiled. The files of dist/ go through a V8 code cache kept by hand: each compiled as a vm.Script
// with the code V8 kept after an earlier run had run it, lazily compiled functions too. Node 22.1+'s
// own compile cache (module.enableCompileCache), on as well for the packages the CLI requires, keeps
// only what is compiled up front: for dist/ ours was ~6 ms of a one-row client list faster on Node
// 24, and on Node 20, which has none, it saves the ~10 ms of compiling that kept bench/lists from
// its goal. Either cache is only ever a shortcut: a missing, stale, damaged or unwritable one is no
// cache, never a failure.
//
// Only node:fs and node:path, which Node loads before any script, are imported at the top: this
// runs on every command (its imports on `--version` too), and on Node 20 node:module (with the ES
// module loader), node:os, node:vm and node:fs/promises cost ~20 of the ~125 million instructions
// of a one-request read (callgrind); the others are required where they are used.
import { readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Script } from 'node:vm';

type NodeModule = typeof import('node:module');
type EnableCompileCache = (directory?: string) => unknown;
type Compile = (this: InstanceType<NodeModule['Module']>, content: string, filename: string) => unknown;

/** Where ours goes: the user's cache folder, never the package's (it may be read-only, or shared). */
function compileCacheDir(env: NodeJS.ProcessEnv): string {
  return join(env.XDG_CACHE_HOME || join(env.HOME || (require('node:os') as typeof import('node:os')).homedir(), '.cache'), 'practice', 'compile-cache');
}

/** Node 22.1+ has a compile cache of its own (module.enableCompileCache); Node 20 has none. */
const NODE_HAS_COMPILE_CACHE = Number(process.versions.node.split('.')[0]) >= 22;

/** Turns the caches on before `bundleDir`'s cli.cjs is required, unless the user has set Node's own. */
export function enableCompileCache(env: NodeJS.ProcessEnv, bundleDir: string): void {
  // NODE_COMPILE_CACHE: Node has already enabled its own, in the user's folder, for every file; NODE_DISABLE_COMPILE_CACHE: off.
  if (env.NODE_COMPILE_CACHE || env.NODE_DISABLE_COMPILE_CACHE) return;
  if (NODE_HAS_COMPILE_CACHE) (require('node:module') as { enableCompileCache?: EnableCompileCache }).enableCompileCache?.(compileCacheDir(env));
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
  // This module's own module object is a Module: its class is what node:module exports.
  const Module = module.constructor as unknown as { prototype: { _compile: Compile } };
  let dir: string;
  try {
    const { size, mtimeMs } = statSync(join(bundleDir, 'cli.cjs'));
    dir = join(root, `${thisNode}${size}-${Math.trunc(mtimeMs)}`);
  } catch {
    return;
  }
  // This file is bundled into bundleDir's main.cjs, so its require resolves from bundleDir.
  const ours = require;
  const { Script } = require('node:vm') as typeof import('node:vm');
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
    const { mkdir, readdir, rm } = require('node:fs/promises') as typeof import('node:fs/promises');
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
