#!/usr/bin/env node
// Thin shim: the CLI is bundled into dist/ by `npm run build` (run by `npm install` through `prepare`).
import '../dist/main.js';
