// The flags of every command that prints rows: `--json [fields]` (all fields, or the named ones, which
// also become `select=`) and `--format csv|ndjson`. Unknown fields are a usage error: nothing is sent.
import { type Command, InvalidArgumentError, Option } from 'commander';
import type { RowOptions } from './output.js';

/** Adds --json [fields], which names only fields the command has. */
function addJsonFlag(command: Command, fields: readonly string[]): Command {
  const parseFields = (value: string): string[] => {
    const named = value.split(',').map((field) => field.trim()).filter((field) => field !== '');
    const unknown = named.filter((field) => !fields.includes(field));
    if (named.length === 0 || unknown.length > 0) {
      throw new InvalidArgumentError(`unknown field${unknown.length > 1 ? 's' : ''} ${unknown.join(', ') || '(none named)'}; available: ${fields.join(', ')}.`);
    }
    return named;
  };
  return command
    .addOption(new Option('--json [fields]', 'print JSON: every field, or only the comma-separated fields named').argParser(parseFields))
    .addHelpText('after', `\nJSON fields:\n  ${fields.join(', ')}`);
}

/** Adds --json and --format to `command`; `fields` are the names --json accepts, listed in its help. */
export function addOutputFlags(command: Command, fields: readonly string[]): Command {
  return addJsonFlag(command, fields)
    .addOption(new Option('--format <format>', 'print CSV (the listed columns) or NDJSON (one JSON record a line)').choices(['csv', 'ndjson']));
}

/** The fields --json named, for `query.select(...)`; null when every field is wanted. */
export function requestedFields(options: RowOptions): string[] | null {
  return Array.isArray(options.json) ? options.json : null;
}
