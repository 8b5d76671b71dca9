// The layers of src/ and the one direction their imports may point (docs/architecture.md, "Layers"):
//   cli -> core -> model, cli -> server, and both halves -> local-service -> fs.
// `npm run lint:deps` checks it; .ci/run fails the build on any violation.

/** A rule forbidding imports from `from` into any of `to` (folder names under src/). */
function forbid(name, comment, from, to) {
  return {
    name,
    comment,
    severity: 'error',
    from: { path: `^src/${from}/` },
    to: { path: `^src/(${to.join('|')})/` },
  };
}

module.exports = {
  forbidden: [
    forbid('core-not-to-cli-or-server', 'core is the CLI-free half of the client: an MCP server or a test must be able to use it alone. What it shares with the server lives in local-service.',
      'core', ['cli', 'server']),
    forbid('server-not-to-client', 'The service is a standalone PostgREST/Supabase Auth pipeline; it knows nothing of the CLI that talks to it.',
      'server', ['cli', 'core']),
    forbid('local-service-below-both', 'local-service is what the CLI and the server share about the local service; it imports neither.',
      'local-service', ['cli', 'core', 'server']),
    forbid('fs-at-the-bottom', 'fs (atomic write, exclusive create, the lock) is plain file handling for every layer.',
      'fs', ['cli', 'core', 'server', 'local-service', 'model', 'formats', 'reports']),
    forbid('model-is-pure', 'The domain model imports no other layer of the project.',
      'model', ['cli', 'core', 'server', 'local-service', 'fs', 'formats', 'reports']),
    forbid('formats-and-reports-are-pure', 'File formats and report arithmetic take data in and give data out: no CLI, client or service.',
      '(formats|reports)', ['cli', 'core', 'server', 'local-service']),
    {
      name: 'no-cycles',
      comment: 'A cycle makes its modules one unit: none can be loaded, tested or moved alone.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // TypeScript 7 has no JavaScript API, so swc reads the sources (`import type` included).
    parser: 'swc',
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
