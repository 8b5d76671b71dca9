// `practice remind`: for cron. Every scheduled or confirmed appointment starting within the window
// gets one reminder, and a client told a time that no longer holds gets one notice of the change or
// the cancellation; each is claimed in the database first (claim.ts), so overlapping runs never send
// one twice, and sent ones are in the client's conversation log. docs/reminders.md has the states.
import { Command, Option } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { Column, RowOptions } from '../../core/output.js';
import type { Context } from '../context.js';
import { CommandError, UsageError } from '../errors.js';
import { practiceTimeZone } from '../shared/input.js';
import { countOf } from '../../model/count.js';
import { parseTimeOfDay } from '../../model/when.js';
import { claim, markFailed, markSent } from './claim.js';
import { type Due, dueReminders } from './due.js';
import { runSender } from './exec.js';
import { checkTemplate, DEFAULT_TEMPLATE, renderMessage, templateOf } from './message.js';
import type { ReminderKind } from '../shared/reminder-row.js';
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
  kind: ReminderKind;
  appointment_id: string;
  client_id: string;
  client_name: string;
  phone: string | null;
  email: string | null;
  date: string;
  time: string;
  channel: string;
  message: string;
  /** For a change notice, the day and time the client was told before; null otherwise. */
  previous_date: string | null;
  previous_time: string | null;
}

const FIELDS = ['kind', 'appointment_id', 'client_id', 'client_name', 'phone', 'email', 'date', 'time', 'channel', 'message', 'previous_date', 'previous_time'];

const COLUMNS: Column<Reminder>[] = [
  { key: 'kind' },
  { key: 'date' },
  { key: 'time' },
  { key: 'client_name', header: 'CLIENT' },
  { key: 'channel' },
  { key: 'phone', format: (phone, row) => (row.channel === 'email' ? (row.email ?? '') : (phone ?? '')), header: 'TO' },
  { key: 'message' },
];

export function remindCommand(ctx: Context): Command {
  const command = new Command('remind')
    .description('Send one reminder for each upcoming appointment, and one notice of each change or cancellation, never twice (for cron)')
    .option('--within <span>', 'remind appointments starting from now until this far ahead: 90m, 24h, 2d', '24h')
    .addOption(new Option('--channel <channel>', 'how the reminder goes out; the client needs a phone (sms) or an email').choices(['sms', 'email']).default('sms'))
    .option('--template <text>', `the message, with {name} {first_name} {day} {date} {time} {service} (default: "${DEFAULT_TEMPLATE}")`)
    .option('--exec <command>', 'send each message by running this shell command with PRACTICE_REMINDER_KIND (reminder, changed, cancelled, or for a request from the booking page requested, accepted or declined), PRACTICE_CLIENT_NAME, PRACTICE_CLIENT_PHONE, PRACTICE_CLIENT_EMAIL, PRACTICE_DATE, PRACTICE_TIME, PRACTICE_PREVIOUS_DATE, PRACTICE_PREVIOUS_TIME, PRACTICE_CHANNEL, PRACTICE_MESSAGE and PRACTICE_APPOINTMENT_ID set; a non-zero exit leaves it unsent')
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
command fails is not, is tried again by the next run, and makes the exit code 1 once the others are done.
A client who was reminded of a visit that has since moved or been cancelled gets one notice (kind changed
or cancelled, with the time they were told as PRACTICE_PREVIOUS_DATE/TIME), whatever --within says.
A request from the booking page gets a notice that it arrived (kind requested), then one of your answer
(accepted or declined, \`practice appt accept|decline\`), whatever --within says.
Archived clients get no reminders.`)
    .action((options: RemindOptions) => runRemind(options, ctx));
  return addOutputFlags(command, FIELDS);
}

function reminderOf(due: Due, channel: string, template: string): Reminder {
  const { appointment, client, announced, previous } = due;
  const message = renderMessage(templateOf(due.kind, template, previous), { name: client.name, ...announced, service: due.service, previous });
  return {
    kind: due.kind, appointment_id: appointment.id, client_id: client.id, client_name: client.name, phone: client.phone, email: client.email,
    date: announced.date, time: announced.time, channel, message, previous_date: previous?.date ?? null, previous_time: previous?.time ?? null,
  };
}

/** `2 reminders`, or `1 reminder, 1 change notice and 1 cancellation notice`. */
function summary(sent: readonly Reminder[]): string {
  const count = (kind: ReminderKind) => sent.filter((reminder) => reminder.kind === kind).length;
  const parts = [countOf(count('reminder'), 'reminder')];
  if (count('changed') > 0) parts.push(countOf(count('changed'), 'change notice'));
  if (count('cancelled') > 0) parts.push(countOf(count('cancelled'), 'cancellation notice'));
  if (count('requested') > 0) parts.push(countOf(count('requested'), 'request received notice'));
  if (count('accepted') > 0) parts.push(countOf(count('accepted'), 'request accepted notice'));
  if (count('declined') > 0) parts.push(countOf(count('declined'), 'request declined notice'));
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

export async function runRemind(options: RemindOptions, ctx: Context): Promise<void> {
  const minutes = parseWithin(options.within);
  const template = checkTemplate(options.template ?? DEFAULT_TEMPLATE);
  if (options.exec !== undefined && (options.json || options.format)) throw new UsageError('--exec: give either --exec (we send) or --json/--format (you send), not both');
  if (options.exec?.trim() === '') throw new UsageError('--exec: the command must not be empty');
  const window = windowFrom(ctx.now(), minutes, await practiceTimeZone(ctx));
  const api = await ctx.api();
  const { due, unfinished } = await dueReminders(api, window, ctx.now());
  for (const { appointment, since } of unfinished) {
    ctx.out.warn(`The reminder of ${appointment.client_name ?? 'a client'} on ${appointment.date} ${parseTimeOfDay(appointment.start_time)} was claimed at ${since} by a run that has not finished; it is left alone (see docs/reminders.md).`);
  }
  const address = options.channel === 'sms' ? 'phone' : 'email';
  const reachable = due.filter((item) => {
    if (item.client[address]) return true;
    ctx.out.warn(`${item.client.name} has no ${address}: no ${options.channel} ${item.kind === 'reminder' ? 'reminder' : 'notice'} for ${item.announced.date} ${item.announced.time}.`);
    return false;
  });
  const planned = reachable.map((item) => ({ item, reminder: reminderOf(item, options.channel, template) }));
  if (options.dryRun) {
    ctx.out.note(`Dry run: ${summary(planned.map(({ reminder }) => reminder))} would go out; nothing is recorded.`);
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
      PRACTICE_REMINDER_KIND: reminder.kind, PRACTICE_PREVIOUS_DATE: reminder.previous_date ?? '', PRACTICE_PREVIOUS_TIME: reminder.previous_time ?? '',
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
  if (failures.length === 0) return ctx.out.success(`Sent ${summary(sent)}.`);
  // Not a success: the sent ones are said, and the failures make the exit code 1.
  ctx.out.note(`Sent ${summary(sent)}.`);
  throw new CommandError(`${countOf(failures.length, 'message')} not sent (the next run tries again):\n  ${failures.join('\n  ')}`);
}
