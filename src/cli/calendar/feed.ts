// `practice calendar feed [--rotate] [--names full]`: the secret URL of the practice's calendar feed.
// The token is made here and shown once; the service keeps only its SHA-256 (calendar_feeds).
import { createHash, randomBytes } from 'node:crypto';
import { Command, Option } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import { query } from '../../core/query-builder.js';
import type { Context } from '../context.js';
import { CommandError } from '../errors.js';
import { practiceTimeZone } from '../shared/input.js';

interface FeedOptions {
  rotate?: true;
  names?: 'initials' | 'full';
  json?: true | string[];
}

interface FeedRow {
  id: string;
  token_digest: string;
  therapist_id: string;
  full_names: boolean;
  time_zone: string;
  created_at: string;
}

const FIELDS = ['url', 'names', 'time_zone', 'created_at'];

const namesOf = (fullNames: boolean) => (fullNames ? 'full' : 'initials');

export function feedCommand(ctx: Context): Command {
  const command = new Command('feed')
    .description("Print the secret URL of the practice's calendar feed (made on first use)")
    .option('--rotate', 'make a new URL; the old one stops working at once')
    .addOption(new Option('--names <names>', 'client names in the feed: initials (A. L.) or full (default: as the feed has it, else initials)').choices(['initials', 'full']))
    .addHelpText('before', `Examples:
  $ practice calendar feed                        # the first time: a new URL, printed once
  $ practice calendar feed --rotate               # a new URL; the old one answers 404 from now on
  $ practice calendar feed --names full           # the same URL, now with full names
  $ url=$(practice calendar feed --rotate --names initials)
`)
    .addHelpText('after', `
The feed holds the practice's appointments from 30 days back to 180 ahead, in the profile's time
zone, no notes. The URL is shown only when it is made (the service keeps only its SHA-256): to see
it again, --rotate and subscribe again. Anyone with the URL reads the feed.
Exit codes: 0 done, 1 the feed exists and --rotate was not given (nothing changed), 2 usage, 4 not signed in.`)
    .action((options: FeedOptions) => runFeed(options, ctx));
  return addOutputFlags(command, FIELDS);
}

async function runFeed(options: FeedOptions, ctx: Context): Promise<void> {
  const api = await ctx.api();
  const me = await api.userId();
  const timeZone = await practiceTimeZone(ctx);
  // The builder is mutable: a fresh query for each request.
  const mine = () => query<FeedRow>().eq('therapist_id', me);
  const [existing] = await api.select<FeedRow>('calendar_feeds', mine().order('created_at', 'desc').limit(1));
  const fullNames = options.names === undefined ? (existing?.full_names ?? false) : options.names === 'full';

  if (existing !== undefined && !options.rotate) {
    if (options.names === undefined && existing.time_zone === timeZone) {
      throw new CommandError(`The practice's calendar feed exists since ${existing.created_at.slice(0, 10)}; its URL is shown only when it is made.`,
        'A new URL (the old one stops at once): practice calendar feed --rotate');
    }
    const [changed] = await api.update<FeedRow>('calendar_feeds', mine(), { full_names: fullNames, time_zone: timeZone });
    if (options.json) ctx.out.json({ url: null, names: namesOf(changed!.full_names), time_zone: changed!.time_zone, created_at: changed!.created_at });
    else ctx.out.success(`The feed now shows ${fullNames ? 'full names' : 'initials'} in ${timeZone}; its URL stays the same.`);
    return;
  }

  // 256 random bits: the URL is the only credential, so it cannot be guessed.
  const token = randomBytes(32).toString('base64url');
  const tokenDigest = createHash('sha256').update(token).digest('hex');
  if (existing !== undefined) await api.remove<FeedRow>('calendar_feeds', mine());
  const [feed] = await api.insert<FeedRow>('calendar_feeds', { token_digest: tokenDigest, full_names: fullNames, time_zone: timeZone });
  const url = `${api.urls.root}/calendar/v1/${token}.ics`;
  if (options.json) {
    ctx.out.json({ url, names: namesOf(feed!.full_names), time_zone: feed!.time_zone, created_at: feed!.created_at });
    return;
  }
  ctx.out.print(url);
  ctx.out.note(`${existing === undefined ? 'A new feed' : 'A new URL; the old one no longer works'}: subscribe to it in your calendar app (${fullNames ? 'full names' : 'clients as initials'}, ${timeZone}).`
    + ' Keep it private: anyone with it sees your appointments. It is shown only now.');
}
