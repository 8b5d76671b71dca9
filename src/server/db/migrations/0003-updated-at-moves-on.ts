// Migration 3: every update moves updated_at on, even within one tick of the clock. PGlite's clock
// (WASM, through JS Date) ticks in milliseconds, so a row inserted and updated in the same
// millisecond kept its updated_at, and a calendar's SEQUENCE or a sync by updated_at missed the change.
import type { Migration } from './migration.js';

export const updatedAtMovesOn: Migration = {
  version: 3,
  name: 'updated_at moves on with every update',
  sql: `
create or replace function practice_private.touch_updated_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.updated_at := greatest(now(), old.updated_at + interval '1 microsecond');
  return new;
end $$;
`,
};
