// The executable's entry (bundled to dist/main.js): runs the CLI on this process's streams.
// Exit status travels through process.exitCode so pending output is flushed before the process ends.
import { processContext } from './context.js';
import { run } from './program.js';

process.exitCode = await run(process.argv.slice(2), processContext());
