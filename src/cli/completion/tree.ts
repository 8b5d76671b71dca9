// The command tree as the completion scripts see it: each command's path, subcommands, flags, and the
// values a flag or argument takes, read from commander, so the scripts follow the tree as it changes.
import type { Argument, Command, Option } from 'commander';
import { APPOINTMENT_STATUSES } from '../../model/appointment-status.js';
import { CLIENT_STATUSES, SUGGESTED_EXPENSE_CATEGORIES } from '../../model/record-values.js';
import { DAYS_OF_WEEK } from '../../model/when.js';

/** What a value completes to: fixed words, the profile names (asked of the CLI as one types), or files. */
export type Values = { words: readonly string[] } | 'profiles' | 'files' | null;

export interface FlagSpec {
  /** `--date`, `-d`: every spelling. */
  names: string[];
  description: string;
  /** Takes a value (the next word), and what it completes to. */
  takesValue: boolean;
  values: Values;
}

export interface CommandSpec {
  /** The words from the root: [] for `practice`, ['appt', 'list'] for `practice appt list`. */
  path: string[];
  /** Its name and aliases (`list`, `ls`). */
  names: string[];
  description: string;
  flags: FlagSpec[];
  /** What its positional arguments complete to (the first that names values, else files). */
  argumentValues: Values;
  subcommands: CommandSpec[];
}

const DAYS = DAYS_OF_WEEK.flatMap((day) => [day, day.slice(0, 3)]);

/**
 * Values a flag or argument is known to take where commander has no choices for it (the command
 * parses the text itself, e.g. `--status scheduled,confirmed`): by the noun it belongs to and its name.
 */
function knownValues(path: readonly string[], name: string): Values {
  const noun = path[0];
  if (name === 'profile' || (noun === 'profile' && name === 'name')) return 'profiles';
  if (name === 'status') return { words: noun === 'client' ? CLIENT_STATUSES : APPOINTMENT_STATUSES };
  if (name === 'category') return { words: SUGGESTED_EXPENSE_CATEGORIES };
  if (name === 'day') return { words: DAYS };
  if (['file', 'output', 'input', 'data-dir'].includes(name)) return 'files';
  return null;
}

function flagOf(option: Option, path: readonly string[]): FlagSpec {
  const takesValue = option.required || option.optional;
  const name = option.long?.replace(/^--(no-)?/, '') ?? '';
  const values = option.argChoices ? { words: option.argChoices } : takesValue ? knownValues(path, name) : null;
  return { names: [option.long, option.short].filter((flag): flag is string => Boolean(flag)), description: option.description, takesValue, values };
}

function argumentValues(args: readonly Argument[], path: readonly string[]): Values {
  for (const argument of args) {
    const values = argument.argChoices ? { words: argument.argChoices } : knownValues(path, argument.name());
    if (values) return values;
  }
  return args.length > 0 ? 'files' : null;
}

const HELP: FlagSpec = { names: ['--help', '-h'], description: 'show help', takesValue: false, values: null };

/** The spec of `command` and everything under it; `inherited` are the root's flags, valid at every level. */
export function specOf(command: Command, path: string[] = [], inherited: FlagSpec[] = []): CommandSpec {
  const own = command.options.filter((option) => !option.hidden).map((option) => flagOf(option, path));
  const flags = [...own, ...inherited, HELP];
  const visible = command.commands.filter((sub) => !(sub as Command & { _hidden?: boolean })._hidden);
  return {
    path,
    names: [command.name(), ...command.aliases()],
    description: command.description().split('\n')[0] ?? '',
    flags,
    argumentValues: argumentValues(command.registeredArguments, path),
    subcommands: visible.map((sub) => specOf(sub, [...path, sub.name()], path.length === 0 ? own.filter((flag) => !flag.names.includes('--version')) : inherited)),
  };
}

/** Every command of the tree, the root first. */
export function allCommands(spec: CommandSpec): CommandSpec[] {
  return [spec, ...spec.subcommands.flatMap(allCommands)];
}

/** The profile names, for the scripts to run as one types (`practice profile list --json name`). */
export const PROFILES_COMMAND = `practice profile list --json name 2>/dev/null | sed -n 's/.*"name": *"\\(.*\\)".*/\\1/p'`;
