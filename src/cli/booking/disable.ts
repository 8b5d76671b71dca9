// `practice booking disable`: the page answers as an unknown one from now on (its settings are kept,
// `booking enable` turns it on again). Requests already made stay in `appt requests`.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import { query } from '../../core/query-builder.js';
import type { Context } from '../context.js';
import { reportChange } from '../shared/report.js';
import { type BookingPage, COLUMNS, fetchPage, FIELDS, shownPage } from './shared.js';

export function disableCommand(ctx: Context): Command {
  const command = new Command('disable')
    .description('Turn the booking page off (its settings are kept; requests already made stay)')
    .addHelpText('before', `Examples:
  $ practice booking disable
  $ practice booking disable --json slug,enabled
`)
    .action(async (options: RowOptions) => {
      const page = await fetchPage(ctx);
      if (!page.enabled) {
        ctx.out.note(`The booking page ${page.slug} is already off; nothing changed.`);
        if (options.json || options.format) await ctx.out.record(await shownPage(ctx, page), COLUMNS, options);
        return;
      }
      const [changed] = await (await ctx.api()).update<BookingPage>('booking_pages', query<BookingPage>().eq('id', page.id), { enabled: false });
      await reportChange(ctx, `Booking page ${page.slug} is off: its address answers "No booking page at this address."`, await shownPage(ctx, changed!), COLUMNS, options);
    });
  return addOutputFlags(command, FIELDS);
}
