// `practice booking`: the practice's public booking page (issue 31): turned on and off, what it offers,
// the consent clients agree to and the intake questions it asks. Requests are `practice appt requests`.
import { Command } from 'commander';
import type { Context } from '../context.js';
import { consentCommand } from './consent.js';
import { disableCommand } from './disable.js';
import { enableCommand } from './enable.js';
import { pageCommand } from './page.js';
import { questionsCommand } from './questions.js';
import { showCommand } from './show.js';

export function bookingCommand(ctx: Context): Command {
  return new Command('booking')
    .addHelpText('before', `Examples:
  $ practice booking enable --slug anna-massage --notice 24h --horizon 30d --hold 24h
  $ practice booking consent --text "I agree to the cancellation policy."
  $ practice booking questions add --id injuries --label "Any injuries?" --required
  $ practice booking
  $ practice appt requests
`)
    .addCommand(showCommand(ctx), { isDefault: true })
    .addCommand(enableCommand(ctx))
    .addCommand(disableCommand(ctx))
    .addCommand(consentCommand(ctx))
    .addCommand(questionsCommand(ctx))
    .addCommand(pageCommand(ctx));
}
