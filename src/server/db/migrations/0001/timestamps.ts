// updated_at: set by the database on every update, so no client can forget or forge it.
// conversation_log has none: its rows never change.
import { PRACTICE_TABLES } from './tables.js';

const CHANGING_TABLES = PRACTICE_TABLES.filter((table) => table !== 'conversation_log');

export const timestamps = `
create function practice_private.touch_updated_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.updated_at := now();
  return new;
end $$;
${CHANGING_TABLES.map((table) => `
create trigger touch_updated_at before update on public.${table}
  for each row execute function practice_private.touch_updated_at();`).join('')}
`;
