// Migration 14 (issue 27): `client search jurgen` finds "Jürgen". Each client carries its name folded
// for search (lower case, accents off), kept by the database, so a search is one ilike on PGlite,
// PostgreSQL and Supabase alike. Built from core functions only (normalize, regexp_replace, translate):
// the unaccent extension would need loading into PGlite and creating on each server (on Supabase in
// `extensions`), and unaccent() is not immutable, so it could not feed a generated column unwrapped.
import type { Migration } from './migration.js';

export const clientSearchName: Migration = {
  version: 14,
  name: 'clients: the name folded for search (case and accents ignored)',
  sql: `
-- One home of the folding (the CLI folds what it searches for the same way: core/search-text.ts).
-- NFKD splits é into e + U+0301 (and ｊ into j, ﬁ into fi); the marks go; the letters whose accent is
-- no separable mark are spelled by hand; lower case last, when every letter has its base form.
create function practice_private.fold_for_search(text) returns text
  language sql immutable strict parallel safe
  return lower(replace(replace(replace(replace(replace(replace(
    translate(regexp_replace(normalize($1, NFKD), '[\\u0300-\\u036f]', '', 'g'), 'øØłŁđĐħĦı', 'oOlLdDhHi'),
    'ß', 'ss'), 'ẞ', 'SS'), 'æ', 'ae'), 'Æ', 'AE'), 'œ', 'oe'), 'Œ', 'OE'));
revoke all on function practice_private.fold_for_search(text) from public;
-- A write computes the column, so the roles that write clients may run the function.
grant execute on function practice_private.fold_for_search(text) to authenticated, service_role;

alter table public.clients
  add column search_name text generated always as (practice_private.fold_for_search(name)) stored;
comment on column public.clients.search_name is 'The name folded for search: lower case, accents off ("Jürgen" is "jurgen"). Kept by the database; search it with ilike and text folded alike.';
`,
};
