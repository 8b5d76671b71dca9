// `practice remind`: for cron. Every scheduled or confirmed appointment starting within the window
// gets one reminder, claimed in the database first (claim.ts), so overlapping runs never send one
// twice; sent reminders are in the client's conversation log. docs/reminders.md has the states.
import { Command, Option } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { Column, RowOptions } from '../../core/output.js';
import type { Context } from '../context.js';
import { CommandError, UsageError } from '../errors.js';
import { practiceTimeZone } from '../shared/input.js';
import { parseTimeOfDay } from '../../model/when.js';
import { claim, markFailed, markSent } from './claim.js';
import { type Due, dueReminders } from './due.js';
import { runSender } from './exec.js';
import { checkTemplate, DEFAULT_TEMPLATE, renderMessage } from './message.js';
import { parseWithin, windowFrom } from './window.js';

interface RemindOptions extends RowOptions {
  within: string;
  channel: 'sms' | 'email';
  template?: string;
  exec?: string;
  dryRun?: boolean;
}

/** One reminder as it is printed, and as --json gives it. */
export interface Reminder {
  appointment_id: string;
  client_id: string;
  client_name: string;
  phone: string | null;
  email: string | null;
  date: string;
  time: string;
  channel: string;
  message: string;
}

const FIELDS = ['appointment_id', 'client_id', 'client_name', 'phone', 'email', 'date', 'time', 'channel', 'message'];

const COLUMNS: Column<Reminder>[] = [
  { key: 'date' },
  { key: 'time' },
  { key: 'client_name', header: 'CLIENT' },
  { key: 'channel' },
  { key: 'phone', format: (phone, row) => (row.channel === 'email' ? (row.email ?? '') : (phone ?? '')), header: 'TO' },
  { key: 'message' },
];

export function remindCommand(ctx: Context): Command {
  const command = new Command('remind')
    .description('Send one reminder for each upcoming appointment, never twice (for cron)')
    .option('--within <span>', 'remind appointments starting from now until this far ahead: 90m, 24h, 2d', '24h')
    .addOption(new Option('--channel <channel>', 'how the reminder goes out; the client needs a phone (sms) or an email').choices(['sms', 'email']).default('sms'))
    .option('--template <text>', `the message, with {name} {first_name} {day} {date} {time} {service} (default: "${DEFAULT_TEMPLATE}")`)
    .option('--exec <command>', 'send each reminder by running this shell command with PRACTICE_CLIENT_NAME, PRACTICE_CLIENT_PHONE, PRACTICE_CLIENT_EMAIL, PRACTICE_DATE, PRACTICE_TIME, PRACTICE_CHANNEL, PRACTICE_MESSAGE and PRACTICE_APPOINTMENT_ID set; a non-zero exit leaves it unsent')
    .option('--dry-run', 'show the reminders that would go out; claim and record nothing')
    .addHelpText('before', `Examples:
  $ practice remind --within 24h --dry-run
  $ practice remind --within 24h --channel sms --exec 'sms-send "$PRACTICE_CLIENT_PHONE" "$PRACTICE_MESSAGE"'
  $ practice remind --within 2d --channel email --template "Hi {first_name}, see you {day} at {time}." --json
  # crontab: every hour, tomorrow's reminders by SMS
  0 * * * * practice remind --within 24h --exec 'sms-send "$PRACTICE_CLIENT_PHONE" "$PRACTICE_MESSAGE"'
`)
    .addHelpText('after', `
Without --exec the reminders are printed (or given as --json) and recorded as sent: the caller sends them.
A reminder is recorded in the client's conversation log (role assistant) when it is sent; one whose --exec
command fails is not, is tried again by the next run, and makes the exit code 1 once the others are done.`)
    .action((options: RemindOptions) => runRemind(options, ctx));
  return addOutputFlags(command, FIELDS);
}

function reminderOf(due: Due, channel: string, message: string): Reminder {
  const { appointment, client } = due;
  return {
    appointment_id: appointment.id, client_id: client.id, client_name: client.name, phone: client.phone, email: client.email,
    date: appointment.date, time: parseTimeOfDay(appointment.start_time), channel, message,
  };
}

export async function runRemind(options: RemindOptions, ctx: Context): Promise<void> {
  const minutes = parseWithin(options.within);
  const template = checkTemplate(options.template ?? DEFAULT_TEMPLATE);
  if (options.exec !== undefined && (options.json || options.format)) throw new UsageError('--exec: give either --exec (we send) or --json/--format (you send), not both');
  if (options.exec?.trim() === '') throw new UsageError('--exec: the command must not be empty');
  const window = windowFrom(ctx.now(), minutes, await practiceTimeZone(ctx));
  const api = await ctx.api();
  const { due, unfinished } = await dueReminders(api, window);
  for (const { appointment, since } of unfinished) {
    ctx.out.warn(`The reminder of ${appointment.client_name ?? 'a client'} on ${appointment.date} ${parseTimeOfDay(appointment.start_time)} was claimed at ${since} by a run that has not finished; it is left alone (see docs/reminders.md).`);
  }
  const address = options.channel === 'sms' ? 'phone' : 'email';
  const reachable = due.filter((item) => {
    if (item.client[address]) return true;
    ctx.out.warn(`${item.client.name} has no ${address}: no ${options.channel} reminder for ${item.appointment.date} ${parseTimeOfDay(item.appointment.start_time)}.`);
    return false;
  });
  const planned = reachable.map((item) => ({
    item,
    reminder: reminderOf(item, options.channel, renderMessage(template, { name: item.client.name, date: item.appointment.date, time: parseTimeOfDay(item.appointment.start_time), service: item.service })),
  }));
  if (options.dryRun) {
    ctx.out.note(`Dry run: ${planned.length} reminder${planned.length === 1 ? '' : 's'} would go out; nothing is recorded.`);
    return ctx.out.rows(planned.map(({ reminder }) => reminder), COLUMNS, options, 'No reminders due.');
  }

  const sent: Reminder[] = [];
  const printedClaims: Array<{ id: string }> = [];
  const failures: string[] = [];
  for (const { item, reminder } of planned) {
    const claimed = await claim(api, item, reminder.channel, reminder.message);
    if (!claimed) continue; // another run has it
    if (options.exec === undefined) {
      sent.push(reminder);
      printedClaims.push(claimed);
      continue;
    }
    const failure = await runSender(options.exec, {
      PRACTICE_APPOINTMENT_ID: reminder.appointment_id, PRACTICE_CLIENT_NAME: reminder.client_name,
      PRACTICE_CLIENT_PHONE: reminder.phone ?? '', PRACTICE_CLIENT_EMAIL: reminder.email ?? '',
      PRACTICE_DATE: reminder.date, PRACTICE_TIME: reminder.time, PRACTICE_CHANNEL: reminder.channel, PRACTICE_MESSAGE: reminder.message,
    }, ctx.env, (text) => ctx.io.stderr.write(text));
    if (failure === null) {
      await markSent(api, claimed);
      sent.push(reminder);
    } else {
      await markFailed(api, claimed, failure);
      failures.push(`${reminder.client_name} ${reminder.date} ${reminder.time}: ${failure}`);
    }
  }
  if (options.exec === undefined) {
    // The caller sends what is printed: printed first, then recorded, so a run that dies in between
    // leaves them claimed (never sent twice), not recorded as sent without anyone having seen them.
    await ctx.out.rows(sent, COLUMNS, options, 'No reminders due.');
    for (const claimed of printedClaims) await markSent(api, claimed);
  }
  ctx.out.success(`Sent ${sent.length} reminder${sent.length === 1 ? '' : 's'}${failures.length ? `; ${failures.length} failed` : ''}.`);
  if (failures.length > 0) {
    throw new CommandError(`${failures.length} reminder${failures.length === 1 ? '' : 's'} not sent (the next run tries again):\n  ${failures.join('\n  ')}`);
  }
}
