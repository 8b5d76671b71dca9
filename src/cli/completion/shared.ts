// What the three completion scripts share: the lookups each one answers with a `case` over command
// paths (which word is a subcommand, which flag takes a value), written once for bash, zsh and fish.
import { allCommands, type CommandSpec, type Values } from './tree.js';

// Names and words go into the scripts unquoted inside double quotes; anything else would be a bug
// in a command's definition, caught here rather than as a broken script.
const PLAIN = /^[\w.@:+,/-]*$/;

export function plain(word: string): string {
  if (!PLAIN.test(word)) throw new Error(`completion: "${word}" is not a plain word`);
  return word;
}

/** One key of a lookup: the path, `|`, and the word (a subcommand or a flag). */
export const key = (spec: CommandSpec, word = '') => `${spec.path.map(plain).join(' ')}${word === '' ? '' : `|${plain(word)}`}`;

/** How a value completes, as one word a script's case can test: @profiles, @files, or the words. */
export function valuesWord(values: Values): string {
  if (values === null) return '';
  if (values === 'profiles' || values === 'files') return `@${values}`;
  return values.words.map(plain).join(' ');
}

export interface Lookups {
  /** path|word -> the subcommand's name, for a name or an alias. */
  canonical: Array<[string, string]>;
  /** path|flag for every flag that takes a value. */
  takesValue: string[];
  /** path|flag -> what its value completes to, where known. */
  flagValues: Array<[string, string]>;
  /** path -> what its arguments complete to. */
  argumentValues: Array<[string, string]>;
}

export function lookups(root: CommandSpec): Lookups {
  const commands = allCommands(root);
  return {
    canonical: commands.flatMap((spec) => spec.subcommands.flatMap((sub) => sub.names.map((name): [string, string] => [key(spec, name), plain(sub.names[0]!)]))),
    takesValue: commands.flatMap((spec) => spec.flags.filter((flag) => flag.takesValue).flatMap((flag) => flag.names.map((name) => key(spec, name)))),
    flagValues: commands.flatMap((spec) =>
      spec.flags.filter((flag) => flag.takesValue && flag.values !== null).flatMap((flag) => flag.names.map((name): [string, string] => [key(spec, name), valuesWord(flag.values)]))),
    argumentValues: commands.filter((spec) => spec.subcommands.length === 0 && spec.argumentValues !== null).map((spec) => [key(spec), valuesWord(spec.argumentValues)]),
  };
}

/**
 * The `case` bodies of the lookups, in the syntax of bash and zsh (`"a"|"b") echo x ;;`); fish writes
 * its own. Entries with the same answer share one branch, which keeps the scripts short.
 */
export function caseBranches(entries: ReadonlyArray<readonly [string, string]>, indent = '    '): string {
  const byAnswer = new Map<string, string[]>();
  for (const [pattern, answer] of entries) byAnswer.set(answer, [...(byAnswer.get(answer) ?? []), pattern]);
  return [...byAnswer].map(([answer, patterns]) => `${indent}${patterns.map((pattern) => `"${pattern}"`).join('|')}) echo "${answer}" ;;`).join('\n');
}

/**
 * The body of the loop the bash and zsh scripts run over the words typed so far (the syntax is the
 * same in both): it follows subcommands into `cmdpath` and skips the value of a flag that takes one.
 */
export const WALK_WORD = `    if ((skip)); then skip=0; continue; fi
    case "$word" in
      --*=*) ;;
      -*) [[ -n "$(_practice_lookup "takes-value:$cmdpath|$word")" ]] && skip=1 ;;
      *)
        next="$(_practice_lookup "canonical:$cmdpath|$word")"
        [[ -n "$next" ]] && cmdpath="\${cmdpath:+$cmdpath }$next" ;;
    esac`;
