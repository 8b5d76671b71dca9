// `practice client erase <client>`: a client's erasure (GDPR Art. 17) as far as the retention periods
// let it reach, in one request (rpc/erase_client, migrations 19, 22 and 26): name, contact, free text
// and messages go now, bookings to come are cancelled, requests still waiting are declined and no new
// booking is taken; what the periods keep is
// named with until when. Asks first, or --yes. --json prints the service's answer.
import { Command } from 'commander';
import { ApiError } from '../../core/api-error.js';
import { addOutputFlags } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import { query } from '../../core/query-builder.js';
import { nameWithId } from '../../model/short-id.js';
import { todayIn } from '../../model/when.js';
import type { Context } from '../context.js';
import { lackingSchema } from '../shared/answers.js';
import { erasureLines, type ErasureReport } from '../shared/erasure-report.js';
import { retentionPeriods } from '../shared/retention-periods.js';
import { confirmation, yesOption } from '../shared/confirm.js';
import { practiceTimeZone } from '../shared/input.js';
import { resolveClient } from '../shared/resolve.js';

type EraseOptions = RowOptions & { yes?: boolean };

/** The schema version that added erasure: clients.erased_at and rpc/erase_client (migration 19). */
const ERASURE_SCHEMA_VERSION = 19;

/** clients.erased_at (migration 19): when a client was first erased. */
interface ErasedAt {
  id: string;
  erased_at: string | null;
}

const FIELDS = ['client_id', 'name', 'erased_at', 'removed', 'kept', 'periods'];

export function eraseCommand(ctx: Context): Command {
  const command = new Command('erase')
    .description('Erase a client (GDPR Art. 17): name, contact, free text and messages go now; what the retention periods keep is named')
    .argument('<client>', 'name, id or id prefix')
    .addOption(yesOption())
    .addHelpText('before', `Examples:
  $ practice client erase "Ann Lee"
  $ practice client erase 3f2a9c1b --yes --json
  $ practice client erase ann --yes --json kept
`)
    .addHelpText('after', `
Notes, appointments, payments, packages and invoices stay for the periods of \`practice settings\`
(clinical_retention_years after the last visit, financial_retention_years after the last payment,
sale or invoice);
\`practice retention purge\` deletes them once those have passed. The audit trail is kept whole.`)
    .action((client: string, options: EraseOptions) => runErase(client, options, ctx));
  return addOutputFlags(command, FIELDS);
}

async function runErase(text: string, options: EraseOptions, ctx: Context): Promise<void> {
  const ask = confirmation(ctx, options.yes, 'Erasing a client');
  const client = await resolveClient(ctx, text, 'client');
  const api = await ctx.api();
  const timeZone = await practiceTimeZone(ctx);
  // Erased before: asked and told as such, so nothing already gone is named as going again. A
  // schema without erased_at has no erase_client either: said before anything is asked.
  const [row] = await api.select<ErasedAt>('clients', query<ErasedAt>().eq('id', client.id).select(['erased_at'])).catch(async (err: unknown) => {
    // 42703: no such column.
    if (err instanceof ApiError && err.code === '42703') throw await lackingSchema(api, 'The service cannot erase clients', ERASURE_SCHEMA_VERSION, ' (client erasure)');
    throw err;
  });
  const erasedOn = row?.erased_at ? todayIn(new Date(row.erased_at), timeZone) : null;
  await ask(erasedOn
    ? `Erase ${nameWithId(client)} again? They were erased on ${erasedOn}; what was added since goes now.`
    : `Erase client ${nameWithId(client)}? Their name, contact, free text and messages go now; this cannot be undone.`);
  const periods = await retentionPeriods(ctx);
  const report = (await api.request({ method: 'POST', path: '/rest/v1/rpc/erase_client', body: { client: client.id, ...periods } })).json<ErasureReport>();
  if (options.json || options.format) return ctx.out.record(report, [], options);
  ctx.out.success(erasedOn ? `${nameWithId(client)} was erased on ${erasedOn}, and again now.` : `Erased client ${nameWithId(client)}; they are now "${report.name}".`);
  ctx.out.print(erasureLines(report, todayIn(ctx.now(), timeZone)).join('\n'));
}
