// `practice calendar`: the practice's calendar as others see it. For now its private feed, the secret
// URL a phone's calendar subscribes to (migration 21, src/server/http/calendar-feed.ts).
import { Command } from 'commander';
import type { Context } from '../context.js';
import { feedCommand } from './feed.js';

export function calendarCommand(ctx: Context): Command {
  return new Command('calendar')
    .addHelpText('before', `Examples:
  $ practice calendar feed
  $ practice calendar feed --rotate --names full
`)
    .addCommand(feedCommand(ctx));
}
