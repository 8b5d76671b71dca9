#!/usr/bin/env node
// Thin shim: the CLI is bundled into dist/ by `npm run build` (run by `npm install` through `prepare`).
// CommonJS, like dist/, so Node starts it without loading its ES module loader (about 7 ms).
require('../dist/main.cjs');
