// `practice booking consent --text ... | --file F | --none`: what a client must agree to before booking.
// Each new text is a new version (the page sends the version agreed, and each request keeps the exact
// text), so a client who agreed to an older text is asked again.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import { query } from '../../core/query-builder.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { readInput } from '../shared/read-input.js';
import { reportChange } from '../shared/report.js';
import { type BookingPage, COLUMNS, fetchPage, FIELDS, shownPage } from './shared.js';

interface ConsentOptions extends RowOptions {
  text?: string;
  file?: string;
  none?: boolean;
}

const MAX_LENGTH = 20000;

export function consentCommand(ctx: Context): Command {
  const command = new Command('consent')
    .description('Set the consent text clients agree to before booking (each change is a new version)')
    .option('--text <text>', 'the consent text')
    .option('--file <path>', 'read the consent text from a file (- for stdin)')
    .option('--none', 'ask for no consent')
    .addHelpText('before', `Examples:
  $ practice booking consent --text "I agree to the cancellation policy (24 hours) and to my data being kept for my treatment."
  $ practice booking consent --file consent.txt
  $ practice booking consent --none
`)
    .action((options: ConsentOptions) => runConsent(options, ctx));
  return addOutputFlags(command, FIELDS);
}

async function consentText(options: ConsentOptions, ctx: Context): Promise<string | null> {
  const given = [options.text !== undefined, options.file !== undefined, options.none === true].filter(Boolean).length;
  if (given !== 1) throw new UsageError('give one of --text, --file or --none');
  if (options.none) return null;
  const text = (options.text ?? (await readInput(ctx, options.file!))).trim();
  if (text === '' || text.length > MAX_LENGTH) throw new UsageError(`${options.text !== undefined ? '--text' : '--file'}: the consent text takes 1 to ${MAX_LENGTH} characters`);
  return text;
}

async function runConsent(options: ConsentOptions, ctx: Context): Promise<void> {
  const text = await consentText(options, ctx);
  const page = await fetchPage(ctx);
  if (text === page.consent_text) {
    ctx.out.note(`The consent text is already that (version ${page.consent_version}); nothing changed.`);
    if (options.json || options.format) await ctx.out.record(await shownPage(ctx, page), COLUMNS, options);
    return;
  }
  const changes: Partial<BookingPage> = text === null ? { consent_text: null } : { consent_text: text, consent_version: page.consent_version + 1 };
  const [changed] = await (await ctx.api()).update<BookingPage>('booking_pages', query<BookingPage>().eq('id', page.id), changes);
  const message = text === null ? 'The booking page asks for no consent.' : `Consent text version ${changed!.consent_version} set: clients agree to it before booking.`;
  await reportChange(ctx, message, await shownPage(ctx, changed!), COLUMNS, options);
}
