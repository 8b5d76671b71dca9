// `practice appt`: the appointments of the practice, one verb a file; the four status changes share
// one implementation (status.ts).
import { Command } from 'commander';
import type { Context } from '../context.js';
import { acceptCommand } from './accept.js';
import { addCommand } from './add.js';
import { declineCommand } from './decline.js';
import { deleteCommand } from './delete.js';
import { exportCommand } from './export.js';
import { listCommand } from './list.js';
import { requestsCommand } from './requests.js';
import { rescheduleCommand } from './reschedule.js';
import { showCommand } from './show.js';
import { slotsCommand } from './slots.js';
import { statusCommand } from './status.js';
import { STATUS_VERBS } from './status-verbs.js';
import { todayCommand } from './today.js';
import { unresolvedCommand } from './unresolved.js';
import { updateCommand } from './update.js';
import { weekCommand } from './week.js';

export function apptCommand(ctx: Context): Command {
  const command = new Command('appt')
    .addHelpText('before', `Examples:\n  $ practice appt today\n  $ practice appt list --date mon --status scheduled,confirmed\n  $ practice appt add --client ann --service "swedish 60" --date tomorrow --start 10\n  $ practice appt complete 9627ace5\n  $ practice appt unresolved --before today\n`)
    .addCommand(listCommand(ctx))
    .addCommand(todayCommand(ctx))
    .addCommand(weekCommand(ctx))
    .addCommand(slotsCommand(ctx))
    .addCommand(showCommand(ctx))
    .addCommand(addCommand(ctx))
    .addCommand(updateCommand(ctx))
    .addCommand(rescheduleCommand(ctx))
    .addCommand(unresolvedCommand(ctx))
    .addCommand(requestsCommand(ctx))
    .addCommand(acceptCommand(ctx))
    .addCommand(declineCommand(ctx));
  for (const verb of STATUS_VERBS) command.addCommand(statusCommand(ctx, verb));
  return command.addCommand(deleteCommand(ctx)).addCommand(exportCommand(ctx));
}
