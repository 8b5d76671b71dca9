// `practice appt`: the appointments of the practice, one verb a file here (the four status changes
// share one, status.ts); what several verbs use is in shared/, the recurring series in series/.
// A verb's module loads only when it runs (cli/shared/verb-table.ts).
import { Command } from 'commander';
import type { Context } from '../context.js';
import { addVerbs, type Verb } from '../shared/verb-table.js';
import type { StatusVerb } from './shared/status-verbs.js';

const statusVerb = (name: StatusVerb['verb']): Verb => ({
  names: [name],
  load: async () => {
    const [{ statusCommand }, { STATUS_VERBS }] = await Promise.all([import('./status.js'), import('./shared/status-verbs.js')]);
    return (ctx) => statusCommand(ctx, STATUS_VERBS.find((verb) => verb.verb === name)!);
  },
});

/** The verbs in the order the noun's help lists them. */
const VERBS: readonly Verb[] = [
  { names: ['list', 'ls'], load: async () => (await import('./list.js')).listCommand },
  { names: ['today'], load: async () => (await import('./today.js')).todayCommand },
  { names: ['week'], load: async () => (await import('./week.js')).weekCommand },
  { names: ['slots', 'free'], load: async () => (await import('./slots.js')).slotsCommand },
  { names: ['show', 'view'], load: async () => (await import('./show.js')).showCommand },
  { names: ['add'], load: async () => (await import('./add.js')).addCommand },
  { names: ['update', 'edit'], load: async () => (await import('./update.js')).updateCommand },
  { names: ['reschedule', 'move'], load: async () => (await import('./reschedule.js')).rescheduleCommand },
  { names: ['unresolved'], load: async () => (await import('./unresolved.js')).unresolvedCommand },
  { names: ['requests'], load: async () => (await import('./requests.js')).requestsCommand },
  { names: ['accept'], load: async () => (await import('./accept.js')).acceptCommand },
  { names: ['decline'], load: async () => (await import('./decline.js')).declineCommand },
  statusVerb('confirm'),
  statusVerb('complete'),
  statusVerb('cancel'),
  statusVerb('no-show'),
  { names: ['delete', 'rm'], load: async () => (await import('./delete.js')).deleteCommand },
  { names: ['export'], load: async () => (await import('./export.js')).exportCommand },
];

/** The noun with the verb `invoked` alone, or with every verb when it names none of them. */
export function apptCommand(ctx: Context, invoked: string | undefined): Promise<Command> {
  const command = new Command('appt')
    .addHelpText('before', `Examples:\n  $ practice appt today\n  $ practice appt list --date mon --status scheduled,confirmed\n  $ practice appt add --client ann --service "swedish 60" --date tomorrow --start 10\n  $ practice appt complete 9627ace5\n  $ practice appt unresolved --before today\n`);
  return addVerbs(command, VERBS, ctx, invoked);
}
