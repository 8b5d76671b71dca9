// `report pnl --basis billed|collected` as SQL: migration 12's three views of profit and loss, each
// with the basis its revenue is counted on: billed (completed visits at their kept price, as the
// two-argument functions of migration 12 answer) or collected (payments less refunds on the day the
// money moved, for a cash-basis accountant; collected-entries.ts). New overloads, not replacements:
// the basis has no default, so a call without it still chooses migration 12's function.
// Practice only.
import { billedByMonth, checkRange, ledgerOf } from '../0012/pnl.js';
import { collectedEntries } from './collected-entries.js';

// Revenue per month on the basis asked: billed as migration 12 counts it, or collected.
const earned = `
    select billed.* from (${billedByMonth}) as billed where basis = 'billed'
    union all
    select to_char(entries.day, 'YYYY-MM'), sum(entries.received - entries.refunded), 0
    from (${collectedEntries}) as entries
    where basis = 'collected'
    group by 1`;

const ledgerRows = ledgerOf(earned, "case basis when 'billed' then 'appointments' else 'payments' end");

const checks = `${checkRange}
  if basis is null or basis not in ('billed', 'collected') then
    raise exception 'basis must be billed or collected; got %', basis using errcode = '22023';
  end if;`;

/** One of the three functions: its name, result columns, and the select over `ledger`. */
const pnlFunction = (name: string, columns: string, select: string, comment: string) => `
create function public.${name}(day_from date, day_to date, basis text, time_zone text default null)
returns table (${columns})
language plpgsql stable security invoker
-- As migration 12's: no JIT for an answer this small, one plan for every call.
set jit = off set plan_cache_mode = force_generic_plan as $$
begin
  ${checks}
  return query
  with ledger as (${ledgerRows}
  )${select};
end
$$;
comment on function public.${name}(date, date, text, text) is '${comment} Revenue billed (completed visits) or collected (payments less refunds, by the day paid in time_zone). Practice only.';`;

export const pnlBasisFunctions = [
  pnlFunction('pnl_ledger', 'month text, category text, revenue numeric, expenses numeric, net numeric, no_price integer', `
  select ledger.month, ledger.category, ledger.revenue::numeric(14, 2), ledger.expenses::numeric(14, 2),
    (ledger.revenue - ledger.expenses)::numeric(14, 2), ledger.no_price
  from ledger order by ledger.month, ledger.rank, ledger.category`,
  "The accountant''s profit and loss: every month of the period x (the revenue, then each expense category by name), zeros included."),
  pnlFunction('pnl_by_month', 'month text, revenue numeric, expenses numeric, net numeric, no_price integer', `
  select ledger.month, sum(ledger.revenue)::numeric(14, 2), sum(ledger.expenses)::numeric(14, 2),
    sum(ledger.revenue - ledger.expenses)::numeric(14, 2), sum(ledger.no_price)::integer
  from ledger group by ledger.month order by ledger.month`,
  'Profit and loss per month of the period, empty months too.'),
  pnlFunction('pnl_by_category', 'kind text, category text, amount numeric, no_price integer', `,
  lines as (
    select case when ledger.rank = 0 then 'revenue' else 'expense' end as kind, ledger.rank, ledger.category,
      sum(ledger.revenue + ledger.expenses) as amount, sum(ledger.no_price)::integer as no_price
    from ledger group by ledger.rank, ledger.category
    union all
    select 'net', 2, '', coalesce(sum(ledger.revenue - ledger.expenses), 0), 0 from ledger
  )
  select lines.kind, lines.category, lines.amount::numeric(14, 2), lines.no_price
  from lines order by lines.rank, lines.category`,
  'The profit and loss statement: revenue, each expense category by name, net.'),
].join('\n');
