// The executable's entry (built to dist/main.cjs): runs the CLI on this process's streams.
// Exit status travels through process.exitCode so pending output is flushed before the process ends.
// Built as CommonJS, like the bundle it loads, so that Node starts without its ES module loader.
import { join } from 'node:path';
import packageJson from '../../package.json' with { type: 'json' };
import { enableCompileCache } from './compile-cache.js';

// A reader that stops early (`practice profile list | head -1`) is no error: end quietly, as a
// process killed by SIGPIPE would, instead of crashing on the write.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
    process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
  });
}

const argv = process.argv.slice(2);
// `practice --version` is what scripts and shell prompts probe; it answers before the command tree
// and its modules load, at little more than node's own start-up cost (bench/cli measures both).
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  process.stdout.write(`${packageJson.version}\n`);
} else {
  // Before the require, so that the bundle and the packages it requires are cached.
  enableCompileCache(process.env, __dirname, argv);
  // dist/cli.cjs: src/cli/program.ts, which requires the chunks of the noun invoked (src/build/bundle-cli.mjs).
  const program = require(join(__dirname, 'cli.cjs')) as typeof import('./program.js');
  void program.runProcess().then((code) => {
    process.exitCode = code;
  });
}
