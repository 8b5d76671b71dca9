// A client's balance as `client show` prints it: what they were billed, paid and owe (rpc/balances,
// migration 16, for one client), under `balance` in --json and as one line for a person.
import { ApiError } from '../../core/api-error.js';
import { query } from '../../core/query-builder.js';
import { amountCents, formatCents } from '../../model/money.js';
import type { Context } from '../context.js';
import { readRows } from './read-ranged.js';

export interface ClientBalance {
  billed: number;
  paid: number;
  owed: number;
  oldest_unpaid: string | null;
  days_unpaid: number | null;
}

/**
 * The client's balance on `today` (zeros for a client with nothing billed or paid); null from a
 * backend whose schema has no balances yet (before migration 16), so `client show` still shows the rest.
 */
export async function clientBalance(ctx: Context, clientId: string, today: string): Promise<ClientBalance | null> {
  try {
    const [row] = await readRows<ClientBalance>(await ctx.api(), { rpc: 'balances', args: { for_client: clientId, as_of: today } }, query());
    const { billed = 0, paid = 0, owed = 0, oldest_unpaid = null, days_unpaid = null } = row ?? {};
    return { billed, paid, owed, oldest_unpaid, days_unpaid };
  } catch (err) {
    if (err instanceof ApiError && err.code === 'PGRST202') return null;
    throw err;
  }
}

/** `billed 240.00, paid 160.00, owes 80.00 (unpaid since 2026-10-02)` / `..., 20.00 in credit` / `..., settled`. */
export function balanceText({ billed, paid, owed, oldest_unpaid }: ClientBalance): string {
  const cents = amountCents(owed);
  const state = cents > 0 ? `owes ${formatCents(cents)}${oldest_unpaid ? ` (unpaid since ${oldest_unpaid})` : ''}`
    : cents < 0 ? `${formatCents(-cents)} in credit` : 'settled';
  return `billed ${formatCents(amountCents(billed))}, paid ${formatCents(amountCents(paid))}, ${state}`;
}
