// `--basis billed|collected`, which `report revenue` and `report pnl` share: billed counts completed
// visits at their kept price on the visit's day (migration 12's answers); collected counts payments
// less refunds on the day the money moved, in the practice's time zone (migration 18's).
import { type Command, Option } from 'commander';
import type { Context } from '../context.js';
import { practiceTimeZone } from '../shared/input.js';

const BASES = ['billed', 'collected'] as const;
export type Basis = (typeof BASES)[number];

/** The schema version that added the collected answers (src/server/db/migrations/0018-money-answers.ts). */
export const COLLECTED_SCHEMA_VERSION = 18;

export interface BasisOptions {
  basis: Basis;
}

export function addBasisFlag(command: Command): Command {
  return command.addOption(new Option('--basis <basis>', 'billed: completed visits at their price, on the visit\'s day; collected: payments less refunds, on the day paid')
    .choices(BASES).default('billed'));
}

/**
 * The arguments a P&L answer takes besides the period for `basis`. Billed takes none, so it is
 * migration 12's function and answers on any backend since.
 */
export async function basisArguments(ctx: Context, basis: Basis): Promise<Record<string, string>> {
  return basis === 'collected' ? { basis, time_zone: await practiceTimeZone(ctx) } : {};
}
