// A noun's verbs as a table, so that running one verb loads and builds that verb alone: a verb's
// module (and what it requires) runs only when it is the verb invoked, as program.ts does for nouns,
// and the build gives each its own chunk file (src/build/bundle-cli.mjs). `appt` built all its 18
// verbs to run one, ~35 million instructions of `appt list` (bench/cli).
import type { Command, Option } from 'commander';
import type { Context } from '../context.js';

export interface Verb {
  /** The words that invoke it: its command's name, then its aliases (checked when it is built). */
  names: readonly string[];
  /** Its module, loaded only when it runs or the whole noun is needed (its help, a wrong verb, completion). */
  load(): Promise<(ctx: Context) => Command>;
}

/**
 * The noun and the verb the command line names, as far as commander will surely run them: its first
 * two words, with nothing before each but the program's own options (`-p work`, `--verbose`).
 * Anything else (`--help` or an unknown flag before a word, `--`) ends the words there, so the
 * program and the noun are built whole and commander answers exactly as it would with all of them.
 */
export function invokedWords(argv: readonly string[], globalOptions: readonly Option[]): string[] {
  const words: string[] = [];
  for (let i = 0; i < argv.length && words.length < 2; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('-')) {
      words.push(arg);
      continue;
    }
    const [flag, value] = arg.split('=', 2);
    const option = globalOptions.find((candidate) => candidate.long === flag || candidate.short === flag);
    if (!option || option.optional) break;
    if (option.required && value === undefined) i++;
  }
  return words;
}

/**
 * Adds the verbs to the noun's command: the invoked one alone when `invoked` names one of them, else
 * every one, in the table's order (the noun's help lists them so).
 */
export async function addVerbs(noun: Command, verbs: readonly Verb[], ctx: Context, invoked: string | undefined): Promise<Command> {
  const named = verbs.find((verb) => invoked !== undefined && verb.names.includes(invoked));
  const factories = await Promise.all((named ? [named] : verbs).map(async (verb) => ({ verb, factory: await verb.load() })));
  for (const { verb, factory } of factories) {
    const command = factory(ctx);
    const names = [command.name(), ...command.aliases()];
    // The table and the command say the same words, or a verb would run under a name its help does not give.
    if (names.join(' ') !== verb.names.join(' ')) throw new Error(`verb table of ${noun.name()}: ${verb.names.join('|')} builds ${names.join('|')}`);
    noun.addCommand(command);
  }
  return noun;
}
