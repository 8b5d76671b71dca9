// `practice booking page --output index.html [--url URL --anon-key KEY]`: the booking page as one
// HTML file for a hosted project, to publish anywhere (the embedded service serves it at /book/<slug>).
import { Command } from 'commander';
import { normalizeProjectUrl } from '../../core/project-url.js';
import { addOutputFlags } from '../../core/output-flags.js';
import { bookingPageHtml } from '../../server/booking-page/document.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { emit } from '../shared/write-file.js';
import { fetchPage } from './shared.js';

interface PageOptions {
  output: string;
  url?: string;
  anonKey?: string;
  json?: true | string[];
}

const FIELDS = ['output', 'bytes', 'url', 'slug'];

export function pageCommand(ctx: Context): Command {
  const command = new Command('page')
    .description('Write the booking page as one HTML file, set up for a project\'s URL and anon key')
    .requiredOption('--output <file>', 'where to write it (a file, a folder for index.html, or - for stdout)')
    .option('--url <url>', "the project the page calls (default: the profile's)")
    .option('--anon-key <key>', "the project's anon key (default: the profile's)")
    .addHelpText('before', `Examples:
  $ practice booking page --output index.html
  $ practice booking page --output site/ --url https://abcd.supabase.co --anon-key "$ANON_KEY"
`)
    .addHelpText('after', `
The page calls the three public booking functions with the anon key, which reaches nothing else.
Publish the file on any static host; on the embedded service the same page is at /book/<slug>.
Exit codes: 0 written, 1 no booking page (or the file cannot be written), 2 usage, 4 not signed in.`)
    .action((options: PageOptions) => runPage(options, ctx));
  return addOutputFlags(command, FIELDS);
}

async function runPage(options: PageOptions, ctx: Context): Promise<void> {
  if ((options.url === undefined) !== (options.anonKey === undefined)) {
    throw new UsageError('--url and --anon-key go together: the page needs both of the project it calls.');
  }
  const url = options.url === undefined ? undefined : normalizeProjectUrl(options.url).root;
  if (options.anonKey !== undefined && options.anonKey.trim() === '') throw new UsageError('--anon-key: give the project\'s anon key.');
  const page = await fetchPage(ctx);
  const api = await ctx.api();
  const settings = { url: url ?? api.urls.root, anonKey: options.anonKey?.trim() ?? api.anonKey, slug: page.slug };
  const html = bookingPageHtml(settings);
  if (!page.enabled) ctx.out.warn(`The booking page ${page.slug} is off: the file says so to its visitors until \`practice booking enable\`.`);
  const destination = { output: options.output, fileName: () => 'index.html', published: {} };
  await emit(ctx, html, destination, `the booking page of ${page.slug} (${Math.ceil(Buffer.byteLength(html) / 1024)} KB, calling ${settings.url})`);
  if (options.json && options.output !== '-') {
    ctx.out.json({ output: options.output, bytes: Buffer.byteLength(html), url: settings.url, slug: page.slug });
  }
}
