// Which noun a command line names, read before commander parses it: the program loads and builds
// only that noun's commands.

// Global options that take a value, so the value is not mistaken for the noun.
const VALUED_OPTIONS = new Set(['-p', '--profile', '--max-wait']);

/** The noun the command line names: its first word that is neither an option nor an option's value. */
export function nounOf(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') return argv[i + 1];
    if (VALUED_OPTIONS.has(arg)) i++;
    else if (!arg.startsWith('-')) return arg;
  }
  return undefined;
}
