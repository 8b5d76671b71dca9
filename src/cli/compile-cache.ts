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
import { existsSync, readFileSync, statSync } from 'node:fs';
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

/**
 * Turns the caches on before `bundleDir`'s cli.cjs is required, unless the user has set Node's own.
 * `argv` is the command line: a command's first run adds what it compiled to the cache.
 */
export function enableCompileCache(env: NodeJS.ProcessEnv, bundleDir: string, argv: readonly string[]): void {
  // NODE_COMPILE_CACHE: Node has already enabled its own, in the user's folder, for every file; NODE_DISABLE_COMPILE_CACHE: off.
  if (env.NODE_COMPILE_CACHE || env.NODE_DISABLE_COMPILE_CACHE) return;
  if (NODE_HAS_COMPILE_CACHE) (require('node:module') as { enableCompileCache?: EnableCompileCache }).enableCompileCache?.(compileCacheDir(env));
  cacheBundleByHand(compileCacheDir(env), bundleDir, commandOf(argv));
}

/**
 * The command a command line runs, as a file name: its first two words (`appt list` -> appt+list).
 * Only a name for "this command has run": an option's value taken for a word costs one more write.
 */
function commandOf(argv: readonly string[]): string {
  const words = argv.filter((arg) => !arg.startsWith('-')).slice(0, 2);
  return words.map((word) => word.replace(/[^\w.-]/g, '_').slice(0, 40)).join('+') || '+';
}

/** The start of this Node's folders of ours in the cache folder, beside Node's own (named by its version alone). */
const thisNode = `dist-${process.version}-${process.arch}-`;

/** How many builds of one Node keep their cache: two checkouts (a bench's --other-build, two worktrees) take turns without dropping each other's. */
const BUILDS_KEPT = 3;

/**
 * Compiles each file of `bundleDir` as a vm.Script with the code V8 kept from an earlier run, and at
 * exit keeps the code of the files that had none (compiled by then, lazy functions too). A command's
 * first run keeps the code of every file it loaded: V8 then keeps what the cache held and what this
 * command compiled besides, so cli.cjs's cache serves every command, not only the one run first
 * (`appt list` after `--help` compiled cli.cjs's request path on every run). The build rewrites all
 * of dist/ at once, so cli.cjs's size and time name the build's folder.
 */
function cacheBundleByHand(root: string, bundleDir: string, command: string): void {
  // This module's own module object is a Module: its class is what node:module exports.
  const Module = module.constructor as unknown as { prototype: { _compile: Compile } };
  let dir: string;
  try {
    const { size, mtimeMs } = statSync(join(bundleDir, 'cli.cjs'));
    dir = join(root, `${thisNode}${size}-${Math.trunc(mtimeMs)}`);
  } catch {
    return;
  }
  // One empty file per command that has run: a stat, where asking V8 whether a run compiled anything new would serialize its cache.
  const ran = join(dir, 'ran', command);
  const firstRun = !existsSync(ran);
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
    if (firstRun || cachedData === undefined || script.cachedDataRejected) unsaved.push([basename(filename), script]);
    // Node's own require for a module, as far as a bundle's file uses it (it resolves from bundleDir, as ours).
    const require = Object.assign((id: string) => this.require(id), { cache: ours.cache, main: ours.main, resolve: ours.resolve });
    return (script.runInThisContext() as Function).call(this.exports, this.exports, require, this, filename, bundleDir);
  };
  // Once the command is done, before the process ends (an explicit exit skips it: no cache is no failure).
  process.once('beforeExit', () => {
    if (unsaved.length > 0) void save(root, dir, unsaved, firstRun ? ran : null);
  });
}

/**
 * Writes each script's code atomically into `dir`, marks a command's first run (`ran`), and drops
 * this Node's caches of all but the BUILDS_KEPT builds written last. Of two first runs at once the
 * last rename wins; the other command compiles its own part again on its runs, as before its first.
 */
async function save(root: string, dir: string, scripts: Array<[string, Script]>, ran: string | null): Promise<void> {
  try {
    // Loaded here, after the command: the commands that find their cache never load it for this.
    const { writeFileAtomically } = await import('../fs/atomic-files.js');
    const { mkdir, readdir, rm, stat, writeFile } = require('node:fs/promises') as typeof import('node:fs/promises');
    await mkdir(join(dir, 'ran'), { recursive: true, mode: 0o700 });
    for (const [name, script] of scripts) await writeFileAtomically(join(dir, name), script.createCachedData(), { durable: false });
    if (ran !== null) await writeFile(ran, '', { mode: 0o600 });
    // Another Node's stay: two Nodes may take turns running the CLI.
    const builds = await Promise.all((await readdir(root)).filter((entry) => entry.startsWith(thisNode)).map(async (entry) => ({ path: join(root, entry), written: (await stat(join(root, entry))).mtimeMs })));
    const older = builds.filter(({ path }) => path !== dir).sort((a, b) => b.written - a.written).slice(BUILDS_KEPT - 1);
    for (const { path } of older) await rm(path, { recursive: true, force: true });
  } catch {
    // A read-only or full disk: the next run compiles as if there were no cache.
  }
}
