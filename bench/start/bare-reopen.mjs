// The baseline of bench/start: a bare `new PGlite(dir)` in a process of its own, reopening a data
// dir the service made (its pglite/ folder), then printing a line as the service prints its JSON
// line. No extension, no settings, no server: what opening that database costs PGlite alone.
// A SIGTERM closes it cleanly, so the next run reopens a clean database, not one to recover.
//
//   node bench/start/bare-reopen.mjs <pglite dir>
import { PGlite } from '@electric-sql/pglite';

const pg = new PGlite(process.argv[2]);
await pg.waitReady;
console.log('{}');
process.once('SIGTERM', async () => {
  await pg.close();
  process.exit(0);
});
setInterval(() => {}, 1000);
