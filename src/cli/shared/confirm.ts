// The confirmation of a destructive command (delete, archive, retire): a question at a terminal,
// else --yes. Refused before any request when nobody can answer, so exit 2 means nothing was sent.
import { Option } from 'commander';
import type { RowOptions } from '../../core/output.js';
import type { Context } from '../context.js';
import { CommandError, UsageError } from '../errors.js';

/** The options of a command that asks first and prints the row it changed with --json/--format. */
export type ConfirmOptions = RowOptions & { yes?: boolean };

/** `-y, --yes`, worded alike in every command that asks first. */
export const yesOption = () => new Option('-y, --yes', 'do not ask for confirmation (needed when not at a terminal)');

/** Call before the work's first request; returns `ask`, which puts the question once the record is known. */
export function confirmation(ctx: Context, yes: boolean | undefined, action: string): (question: string) => Promise<void> {
  if (!yes && !ctx.interactive) throw new UsageError(`${action} needs confirmation, and there is no terminal to ask at.`, 'Pass --yes.');
  return async (question) => {
    if (!yes && !(await ctx.prompt.confirm(question, { flag: '--yes', default: false }))) throw new CommandError('Cancelled; nothing changed.');
  };
}
