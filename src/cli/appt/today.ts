// `practice appt today`: `appt list --date today`, the question asked most, in the practice's time zone.
import { Command } from 'commander';
import type { Context } from '../context.js';
import { addFilterFlags, type ListOptions, runList } from './shared/listing.js';

export function todayCommand(ctx: Context): Command {
  const command = new Command('today')
    .description("List today's appointments")
    .addHelpText('before', `Examples:
  $ practice appt today
  $ practice appt today --status scheduled,confirmed --json id,start_time,client_name
`)
    .action((options: Omit<ListOptions, 'date' | 'from' | 'to'>) => runList({ ...options, date: 'today' }, ctx));
  return addFilterFlags(command);
}
