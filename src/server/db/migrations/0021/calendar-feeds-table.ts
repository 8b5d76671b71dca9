// The table of calendar feeds: tenant-scoped like every table (composite key, therapist_id from the
// caller), RLS enabled and forced, audited. Only a token's digest is stored, never the token.
export const calendarFeedsTable = `
create table public.calendar_feeds (
  id uuid not null default gen_random_uuid(),
  token_digest text not null,
  full_names boolean not null default false,
  time_zone text not null,
  therapist_id uuid not null default auth.uid(),
  created_at timestamptz not null default now(),
  constraint calendar_feeds_pkey primary key (therapist_id, id),
  constraint calendar_feeds_token_digest_key unique (token_digest),
  constraint calendar_feeds_token_digest_check check (token_digest ~ '^[0-9a-f]{64}$'),
  -- A name PostgreSQL does not know as a zone fails here, not later in every calendar app's request.
  constraint calendar_feeds_time_zone_check check (length(time_zone) <= 64 and (now() at time zone time_zone) is not null)
);
comment on table public.calendar_feeds is 'Secret calendar feed URLs of the practice (/calendar/v1/<token>.ics), each kept as the SHA-256 of its token. Deleting the row stops its URL at once.';
comment on column public.calendar_feeds.id is 'Chosen by the server unless the client sends one (which makes a retried create safe).';
comment on column public.calendar_feeds.therapist_id is 'The practice the row belongs to: its therapist''s user id. Defaults to the caller.';
comment on column public.calendar_feeds.token_digest is 'Hex SHA-256 of the URL''s token; the token itself is never stored.';
comment on column public.calendar_feeds.full_names is 'Whether the feed shows clients'' full names; false: initials only.';
comment on column public.calendar_feeds.time_zone is 'The practice''s IANA time zone, in which its appointments'' dates and times are local.';

alter table public.calendar_feeds enable row level security;
alter table public.calendar_feeds force row level security;
create policy own_practice on public.calendar_feeds for all to authenticated
  using (therapist_id = (select auth.uid()))
  with check (therapist_id = (select auth.uid()));
revoke all on public.calendar_feeds from anon, authenticated, service_role;
grant select on public.calendar_feeds to anon;
grant select, insert, update, delete on public.calendar_feeds to authenticated;
grant all on public.calendar_feeds to service_role;
create trigger audit_change after insert or update or delete on public.calendar_feeds
  for each row execute function practice_private.audit_row_change();
`;
