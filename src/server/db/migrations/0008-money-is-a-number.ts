// Migration 8: money is a number. PostgreSQL's numeric takes 'NaN', and 'NaN' >= 0 is true (NaN
// sorts above every number), so the price and amount checks let it in. Every numeric column now
// refuses NaN and the infinities (numeric(10,2) refuses those itself today; the check keeps the rule
// if a precision is ever dropped), in the database, so every client meets it (23514, answered 400).
import type { Migration } from './migration.js';

const finite = (column: string) => `${column} not in ('NaN', 'Infinity', '-Infinity')`;

export const moneyIsANumber: Migration = {
  version: 8,
  name: 'money is a number',
  sql: `
alter table public.service_menu add constraint service_menu_price_finite check (${finite('price')});
alter table public.appointments add constraint appointments_price_finite check (${finite('price')});
alter table public.expenses add constraint expenses_amount_finite check (${finite('amount')});`,
};
