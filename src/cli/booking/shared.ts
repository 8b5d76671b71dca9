// What the `booking` verbs share: the practice's page (the table booking_pages of migration 20; the
// CLI keeps one per practice), its JSON fields and columns, the read of it, and spans like `24h`.
import type { Column } from '../../core/output.js';
import { query } from '../../core/query-builder.js';
import type { Context } from '../context.js';
import { CommandError, UsageError } from '../errors.js';

export type QuestionType = 'text' | 'yes_no' | 'choice';

export interface Question {
  id: string;
  label: string;
  type: QuestionType;
  choices?: string[];
  required: boolean;
}

export interface BookingPage {
  id: string;
  slug: string;
  enabled: boolean;
  time_zone: string;
  service_ids: string[] | null;
  notice_minutes: number;
  horizon_days: number;
  hold_minutes: number;
  instant: boolean;
  consent_text: string | null;
  consent_version: number;
  questions: Question[];
  created_at: string;
  updated_at: string;
}

export const FIELDS = ['id', 'slug', 'enabled', 'address', 'time_zone', 'services', 'notice_minutes', 'horizon_days', 'hold_minutes', 'instant',
  'consent_version', 'consent_text', 'questions', 'updated_at'];

/** The page as `booking show` and the writes print it: the services by name, the address it answers at. */
export interface ShownPage extends BookingPage {
  address: string;
  services: string[] | null;
}

export const COLUMNS: Column<ShownPage>[] = [
  { key: 'slug' },
  { key: 'enabled', format: (enabled) => (enabled ? 'on' : 'off') },
  { key: 'address' },
  { key: 'services', format: (names) => (names === null ? 'all active' : (names as string[]).join(', ')) },
  { key: 'notice_minutes', header: 'NOTICE', format: (minutes) => spanText(minutes as number) },
  { key: 'horizon_days', header: 'HORIZON', format: (days) => `${days}d` },
  { key: 'hold_minutes', header: 'HOLD', format: (minutes, row) => (row.instant ? 'instant' : spanText(minutes as number)) },
  { key: 'consent_version', header: 'CONSENT', format: (version, row) => (row.consent_text === null ? 'none' : `v${version}`) },
  { key: 'questions', format: (questions) => String((questions as Question[]).length) },
];

const NO_PAGE_HINT = 'Turn it on with `practice booking enable --slug <address>`.';

/** The practice's page; null when it has none. */
export async function readPage(ctx: Context): Promise<BookingPage | null> {
  const [page] = await (await ctx.api()).select<BookingPage>('booking_pages', query<BookingPage>().order('created_at').limit(1));
  return page ?? null;
}

/** The practice's page, or a failure saying how to make one. */
export async function fetchPage(ctx: Context): Promise<BookingPage> {
  const page = await readPage(ctx);
  if (!page) throw new CommandError('This practice has no booking page.', NO_PAGE_HINT);
  return page;
}

/** The page with its services' names and its address on the service the profile talks to. */
export async function shownPage(ctx: Context, page: BookingPage): Promise<ShownPage> {
  const api = await ctx.api();
  let services: string[] | null = null;
  if (page.service_ids !== null) {
    // As the page offers them: a service retired since is not on it.
    const rows = page.service_ids.length === 0 ? [] : await api.select<{ id: string; name: string; active: boolean }>('service_menu',
      query<{ id: string; name: string; active: boolean }>().in('id', page.service_ids).eq('active', true).select(['id', 'name']).order('name'));
    services = rows.map((row) => row.name);
  }
  return { ...page, services, address: `${api.urls.root}/book/${page.slug}` };
}

const UNIT_MINUTES: Record<string, number> = { m: 1, h: 60, d: 24 * 60 };

/** `90m`, `24h`, `2d` in minutes, from `min` to `max`; anything else is a usage error naming the flag. */
export function spanOption(flag: string, text: string, min: number, max: number): number {
  const match = /^(\d+)\s*([mhd])$/.exec(text.trim().toLowerCase());
  const minutes = match ? Number(match[1]) * UNIT_MINUTES[match[2]!]! : NaN;
  if (!(minutes >= min && minutes <= max)) {
    throw new UsageError(`${flag}: expected a span like 90m, 24h or 2d, from ${spanText(min)} to ${spanText(max)}; got '${text}'`);
  }
  return minutes;
}

/** Minutes as the flags take them: whole days as `2d`, whole hours as `24h`, else `90m`. */
function spanText(minutes: number): string {
  if (minutes > 0 && minutes % (24 * 60) === 0) return `${minutes / (24 * 60)}d`;
  if (minutes > 0 && minutes % 60 === 0) return `${minutes / 60}h`;
  return `${minutes}m`;
}
