// `practice booking enable --slug anna-massage [--services ...] [--notice 24h] [--horizon 30d] [--hold 24h]
// [--instant]`: the practice's public booking page, made or changed and switched on. The slug is the
// page's address on the whole service, so another practice's slug is refused (409) by the database.
import { Command } from 'commander';
import { ApiError } from '../../core/api-error.js';
import { addOutputFlags } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import { query } from '../../core/query-builder.js';
import type { BusinessHours } from '../../model/records.js';
import type { Context } from '../context.js';
import { CommandError, UsageError } from '../errors.js';
import { practiceTimeZone } from '../shared/input.js';
import { reportChange } from '../shared/report.js';
import { resolveService } from '../shared/resolve.js';
import { type BookingPage, COLUMNS, FIELDS, readPage, shownPage, spanOption } from './shared.js';

interface EnableOptions extends RowOptions {
  slug?: string;
  services?: string;
  notice?: string;
  horizon?: string;
  hold?: string;
  instant?: boolean;
}

const SLUG = /^[a-z0-9]([a-z0-9-]{0,46}[a-z0-9])?$/;
const DAY = 24 * 60;

export function enableCommand(ctx: Context): Command {
  const command = new Command('enable')
    .description('Turn the public booking page on (made the first time), or change what it offers')
    .option('--slug <slug>', 'the page\'s address, /book/<slug>: lower-case letters, digits and hyphens (needed the first time)')
    .option('--services <names>', 'the services offered, comma-separated names or ids, or "all" (default: every active service)')
    .option('--notice <span>', 'how far ahead a booking must be made: 2h, 24h, 2d (default 24h)')
    .option('--horizon <span>', 'how far ahead the page offers: 14d, 30d (default 30d)')
    .option('--hold <span>', 'how long a request holds its slot while you decide: 12h, 24h, 3d (default 24h)')
    .option('--instant', 'book requests straight away (scheduled) instead of waiting for `appt accept`')
    .option('--no-instant', 'requests wait for `practice appt accept` again')
    .addHelpText('before', `Examples:
  $ practice booking enable --slug anna-massage
  $ practice booking enable --slug anna-massage --services "Swedish 60,Hot stones" --notice 24h --horizon 30d --hold 24h
  $ practice booking enable --instant
  $ practice booking enable --services all --json
`)
    .addHelpText('after', `
Requests appear in \`practice appt requests\`; accept or decline them with \`practice appt accept|decline <id>\`.
The page shows times in the profile's time zone. Consent and intake questions: \`practice booking consent|questions\`.`)
    .action((options: EnableOptions) => runEnable(options, ctx));
  return addOutputFlags(command, FIELDS);
}

async function serviceIds(ctx: Context, text: string): Promise<string[] | null> {
  if (text.trim().toLowerCase() === 'all') return null;
  const names = text.split(',').map((name) => name.trim()).filter((name) => name !== '');
  if (names.length === 0) throw new UsageError('--services: name at least one service, or "all"');
  const ids: string[] = [];
  for (const name of names) ids.push((await resolveService(ctx, name, '--services')).id);
  return [...new Set(ids)];
}

async function runEnable(options: EnableOptions, ctx: Context): Promise<void> {
  const slug = options.slug?.trim().toLowerCase();
  if (slug !== undefined && !SLUG.test(slug)) {
    throw new UsageError(`--slug: expected 1 to 48 lower-case letters, digits and hyphens, not starting or ending with a hyphen; got '${options.slug}'`);
  }
  const changes: Partial<BookingPage> = { enabled: true };
  if (slug !== undefined) changes.slug = slug;
  if (options.notice !== undefined) changes.notice_minutes = spanOption('--notice', options.notice, 0, 365 * DAY);
  if (options.horizon !== undefined) changes.horizon_days = spanOption('--horizon', options.horizon, DAY, 365 * DAY) / DAY;
  if (changes.horizon_days !== undefined && !Number.isInteger(changes.horizon_days)) throw new UsageError(`--horizon: give whole days, like 30d; got '${options.horizon}'`);
  if (options.hold !== undefined) changes.hold_minutes = spanOption('--hold', options.hold, 5, 30 * DAY);
  if (options.instant !== undefined) changes.instant = options.instant;
  if (options.services !== undefined) changes.service_ids = await serviceIds(ctx, options.services);
  // The page offers and books wall-clock times of the practice's zone, the profile's, as the CLI
  // reads every appointment: taken again each time, so a profile moved to another zone moves the page.
  changes.time_zone = await practiceTimeZone(ctx);
  const api = await ctx.api();
  const existing = await readPage(ctx);
  let page: BookingPage;
  // Slugs are unique on the whole service: one another practice has is a name to change, not a fault.
  const slugTaken = (err: unknown): never => {
    if (err instanceof ApiError && err.code === '23505' && err.message.includes('booking_pages_slug_key')) {
      throw new CommandError(`--slug: the address ${changes.slug} is taken on this service.`, 'Choose another, e.g. with your town or surname: --slug anna-massage-berlin');
    }
    throw err;
  };
  if (existing) {
    [page] = (await api.update<BookingPage>('booking_pages', query<BookingPage>().eq('id', existing.id), changes).catch(slugTaken)) as [BookingPage];
    if (existing.time_zone !== page.time_zone) ctx.out.note(`The page now shows times in ${page.time_zone} (it showed ${existing.time_zone}), the profile's time zone.`);
  } else {
    if (changes.slug === undefined) throw new UsageError('--slug: the first time, give the page an address, e.g. --slug anna-massage');
    [page] = (await api.insert<BookingPage>('booking_pages', changes).catch(slugTaken)) as [BookingPage];
  }
  const shown = await shownPage(ctx, page);
  await reportChange(ctx, `Booking page on at ${shown.address}${page.instant ? ' (instant: requests are booked straight away)' : ''}.`, shown, COLUMNS, options);
  // A practice without opening hours is open all day (DESIGN.md section 3): on a public page that
  // offers clients 03:00, which a therapist who never set hours did not mean.
  const hours = await api.select<BusinessHours>('business_hours', query<BusinessHours>().select(['id']).limit(1));
  if (hours.length === 0) {
    ctx.out.note('No opening hours are set, so the page offers every time of day, 00:00 to 23:59. Set them with e.g. `practice hours set mon-fri 9am-5pm`.');
  }
}
