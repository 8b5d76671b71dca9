// `npm run build` runs this (bundled) to ship the template built from the migrations of this
// checkout: node write-pglite-template.mjs <file>. A template is never checked in, so it cannot lag the migrations.
import { writeFile } from 'node:fs/promises';
import { buildPgliteTemplate } from './pglite-template-build.js';
import { templateSnapshot } from './pglite-template.js';

const [target] = process.argv.slice(2);
if (!target) throw new Error('Give the file to write the template to: node write-pglite-template.js dist/pglite-template.tar.gz');
await writeFile(target, await buildPgliteTemplate({ schemaSnapshot: templateSnapshot(target) }));
