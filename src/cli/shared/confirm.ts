// The confirmation of a destructive command (delete, archive, retire, restore): --yes, or a question
// at a terminal once the target is known, then its write. Refused before any change when nobody can
// answer (exit 2: nothing sent).
import { Option } from 'commander';
import type { ApiClient } from '../../core/api-client.js';
import type { RowOptions } from '../../core/output.js';
import { unaskable } from '../../core/prompt.js';
import type { Context } from '../context.js';
import { CommandError, UsageError } from '../errors.js';

/** The options of a command that asks first and prints the row it changed with --json/--format. */
export type ConfirmOptions = RowOptions & { yes?: boolean };

/** `-y, --yes`, worded alike in every command that asks first, unless it has more to say. */
export const yesOption = (description = 'do not ask for confirmation (needed when not at a terminal)') => new Option('-y, --yes', description);

/** What a question answered no leaves: nothing changed, exit 1. */
const cancelled = () => new CommandError('Cancelled; nothing changed.');

/** Call before the work's first request; returns `ask`, which puts the question once the record is known. */
export function confirmation(ctx: Context, yes: boolean | undefined, action: string): (question: string) => Promise<void> {
  if (!yes && ctx.silence !== null) throw new UsageError(`${action} needs confirmation, which cannot be asked ${unaskable(ctx.silence)}.`, (name) => `Pass ${name('--yes')}.`, '--yes');
  return async (question) => {
    if (!yes && !(await ctx.prompt.confirm(question, { flag: '--yes', default: false }))) throw cancelled();
  };
}

/** One write to the record a command's argument names, asked first: what each command says and sends. */
export interface ConfirmedWrite<Target extends { id: string }, Row> {
  /** What needs confirmation, in the refusal when nobody can answer: `Deleting a client`. */
  action: string;
  /** The record the argument names; its reads come after that refusal. */
  resolve: (ctx: Context, text: string) => Promise<Target>;
  question: (target: Target) => string;
  /** Sends the write to row `id`: the rows it leaves, none when the row is gone. Wrap it to explain the service's refusals. */
  send: (api: ApiClient, id: string) => Promise<Row[]>;
  /** The failure when the write finds no row (it went after `resolve` found it), with its hint. */
  notFound: (target: Target) => string;
  hint?: string;
}

/** Refused, or asked, then the write; the row it left (for a delete, as it was). */
export async function writeConfirmed<Target extends { id: string }, Row>(ctx: Context, yes: boolean | undefined, text: string, write: ConfirmedWrite<Target, Row>): Promise<Row> {
  const ask = confirmation(ctx, yes, write.action);
  const target = await write.resolve(ctx, text);
  await ask(write.question(target));
  const [row] = await write.send(await ctx.api(), target.id);
  if (!row) throw new CommandError(write.notFound(target), write.hint);
  return row;
}
