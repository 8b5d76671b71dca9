// `report pnl` as SQL: revenue (completed appointments at their kept price) less expenses by category,
// all numeric: by month, as the statement by category, or as the accountant's ledger of every month x
// category with zeros. Practice only.

const ME = '(select auth.uid())';

/** Completed visits at their kept price per month (month, amount, unpriced): the billed revenue. */
export const billedByMonth = `
    select to_char(visit."date", 'YYYY-MM') as month, coalesce(sum(visit.price), 0) as amount, count(*) filter (where visit.price is null) as unpriced
    from public.appointments as visit
    where visit.therapist_id = ${ME} and visit."date" between day_from and day_to and visit.status = 'completed'
    group by 1`;

/**
 * Revenue and expenses of the period per month and category: the ledger every view is read from.
 * `earned` gives the revenue per month (month, amount, unpriced), named `revenueCategory` (SQL text).
 */
export const ledgerOf = (earned: string, revenueCategory: string) => `
  with months as (
    select to_char(at, 'YYYY-MM') as month
    from generate_series(date_trunc('month', day_from::timestamp), day_to::timestamp, interval '1 month') as at
  ), earned as (${earned}
  ), spent as (
    select to_char(expense."date", 'YYYY-MM') as month, expense.category, sum(expense.amount) as amount
    from public.expenses as expense
    where expense.therapist_id = ${ME} and expense."date" between day_from and day_to
    group by 1, 2
  ), categories as (
    select distinct spent.category from spent
  )
  select months.month, 0 as rank, ${revenueCategory} as category,
    coalesce(earned.amount, 0) as revenue, 0::numeric as expenses, coalesce(earned.unpriced, 0)::integer as no_price
  from months left join earned on earned.month = months.month
  union all
  select months.month, 1, categories.category, 0, coalesce(spent.amount, 0), 0
  from months cross join categories
  left join spent on spent.month = months.month and spent.category = categories.category`;

const ledgerRows = ledgerOf(billedByMonth, "'appointments'::text");

export const checkRange = `
  if day_to < day_from then
    raise exception 'the period ends (%) before it starts (%)', day_to, day_from using errcode = '22023';
  end if;`;

export const pnlFunctions = `
create function public.pnl_ledger(day_from date, day_to date)
returns table (month text, category text, revenue numeric, expenses numeric, net numeric, no_price integer)
language plpgsql stable security invoker
-- JIT would compile for longer than the answer takes (the planner cannot know how few rows a period
-- holds), and one plan a session serves every call: the arguments change no plan worth a new one.
set jit = off set plan_cache_mode = force_generic_plan as $$
begin
  ${checkRange}
  return query
  with ledger as (${ledgerRows})
  select ledger.month, ledger.category, ledger.revenue::numeric(14, 2), ledger.expenses::numeric(14, 2),
    (ledger.revenue - ledger.expenses)::numeric(14, 2), ledger.no_price
  from ledger order by ledger.month, ledger.rank, ledger.category;
end
$$;
comment on function public.pnl_ledger(date, date) is 'The accountant''s profit and loss: every month of the period x (appointments, then each expense category by name), zeros included. Practice only.';

create function public.pnl_by_month(day_from date, day_to date)
returns table (month text, revenue numeric, expenses numeric, net numeric, no_price integer)
language plpgsql stable security invoker
-- JIT would compile for longer than the answer takes (the planner cannot know how few rows a period
-- holds), and one plan a session serves every call: the arguments change no plan worth a new one.
set jit = off set plan_cache_mode = force_generic_plan as $$
begin
  ${checkRange}
  return query
  with ledger as (${ledgerRows})
  select ledger.month, sum(ledger.revenue)::numeric(14, 2), sum(ledger.expenses)::numeric(14, 2),
    sum(ledger.revenue - ledger.expenses)::numeric(14, 2), sum(ledger.no_price)::integer
  from ledger group by ledger.month order by ledger.month;
end
$$;
comment on function public.pnl_by_month(date, date) is 'Profit and loss per month of the period, empty months too. Practice only.';

create function public.pnl_by_category(day_from date, day_to date)
returns table (kind text, category text, amount numeric, no_price integer)
language plpgsql stable security invoker
-- JIT would compile for longer than the answer takes (the planner cannot know how few rows a period
-- holds), and one plan a session serves every call: the arguments change no plan worth a new one.
set jit = off set plan_cache_mode = force_generic_plan as $$
begin
  ${checkRange}
  return query
  with ledger as (${ledgerRows}
  ), lines as (
    select case when ledger.rank = 0 then 'revenue' else 'expense' end as kind, ledger.rank, ledger.category,
      sum(ledger.revenue + ledger.expenses) as amount, sum(ledger.no_price)::integer as no_price
    from ledger group by ledger.rank, ledger.category
    union all
    select 'net', 2, '', coalesce(sum(ledger.revenue - ledger.expenses), 0), 0 from ledger
  )
  select lines.kind, lines.category, lines.amount::numeric(14, 2), lines.no_price
  from lines order by lines.rank, lines.category;
end
$$;
comment on function public.pnl_by_category(date, date) is 'The profit and loss statement: revenue, each expense category by name, net. Practice only.';
`;
