// Migration 15 forced row-level security on, and put the audit trigger on, the tables that existed
// then (docs/audit.md); a table added later does both itself.
const LEDGER_TABLES = ['packages', 'payments'];

export const forcedAndAudited = LEDGER_TABLES.map((table) => `
alter table public.${table} force row level security;
create trigger audit_change after insert or update or delete on public.${table}
  for each row execute function practice_private.audit_row_change();`).join('\n');
