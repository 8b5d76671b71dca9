// Flag values as the domain parses them (src/model), in the practice's time zone. A parse error
// becomes a usage error naming the flag, thrown before any request, so exit 2 means nothing was sent.
import type * as z from 'zod/mini';
import { chooseProfile, profileTimeZone } from '../../core/profiles.js';
import { parseAppointmentStatus, type AppointmentStatus } from '../../model/appointment-status.js';
import { InvalidInputError } from '../../model/errors.js';
import { parseAmount } from '../../model/money.js';
import { parseTimeOfDay, resolveDay } from '../../model/when.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';

/** Runs a src/model parser on the value of `flag`; its InvalidInputError becomes `--flag: <message>`. */
export function parseFlag<T>(flag: string, parse: () => T): T {
  try {
    return parse();
  } catch (err) {
    if (err instanceof InvalidInputError) throw UsageError.about(flag, () => err.message);
    throw err;
  }
}

/**
 * The practice's IANA time zone of the profile this command uses (core/profiles.ts decides both).
 * Read from the profile store without connecting, so a bad date is refused before the local service
 * is even started.
 */
export async function practiceTimeZone(ctx: Context): Promise<string> {
  const config = await ctx.config().read();
  const { name } = chooseProfile(config, ctx.options.profile, ctx.env);
  return profileTimeZone(config.profiles[name], ctx.env);
}

/** `today`, `tomorrow`, `fri`, `+3d` or an ISO date, as YYYY-MM-DD in the practice's time zone. */
export async function dayOption(ctx: Context, flag: string, text: string): Promise<string> {
  const timeZone = await practiceTimeZone(ctx);
  return parseFlag(flag, () => resolveDay(text, ctx.now(), timeZone));
}

/** `9`, `9:30`, `14:00`, `2pm` as HH:MM. */
export function timeOption(flag: string, text: string): string {
  return parseFlag(flag, () => parseTimeOfDay(text));
}

/** A decimal amount of money (at most two decimals); `positive` refuses 0 too. */
export function amountOption(flag: string, text: string, options: { positive?: boolean } = {}): number {
  return parseFlag(flag, () => parseAmount(text, options));
}

/** One status or a comma list (`scheduled,confirmed`, `no-show`), each checked. */
export function statusesOption(flag: string, text: string): AppointmentStatus[] {
  const statuses = text.split(',').map((item) => parseFlag(flag, () => parseAppointmentStatus(item)));
  return [...new Set(statuses)];
}

/** A whole number of at least `min`, e.g. `--limit 20`. */
export function countOption(flag: string, text: string, min = 0): number {
  const number = Number(text);
  if (text.trim() === '' || !Number.isSafeInteger(number) || number < min) {
    throw UsageError.about(flag, () => `expected a whole number of ${min} or more; got '${text}'`);
  }
  return number;
}

/**
 * The create and update schemas (src/model/records.ts), loaded when a write checks its input: zod and
 * the schemas take tens of milliseconds to load, which a command that only reads never pays.
 */
export function inputSchemas(): Promise<typeof import('../../model/records.js')> {
  return import('../../model/records.js');
}

/**
 * Checks a create or update body against its zod schema (src/model/records.ts). The first problem
 * is reported under the flag that set the field (`flags` maps field -> flag), else the field name.
 */
export function checkInput<S extends z.ZodMiniType>(schema: S, body: unknown, flags: Readonly<Record<string, string>> = {}): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.map(String).join('.');
  // An element of a list field (diagnosis_codes.0) is reported under the list's flag.
  const flag = flags[field] ?? flags[String(issue.path[0])];
  if (flag !== undefined) throw UsageError.about(flag, () => issue.message);
  throw new UsageError(field ? `${field}: ${issue.message}` : issue.message);
}
