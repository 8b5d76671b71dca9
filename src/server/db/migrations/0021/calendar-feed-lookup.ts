// Which practice a feed token belongs to: the one question answered across practices, by the digest
// alone, for the service's own (migrating) role and no API role.
export const calendarFeedLookup = `
-- A calendar app asks with no user, so no auth.uid() can confine the lookup: the owner reads the
-- table through this policy (forced RLS confines the owner too), and only inside the function below.
do $lookup$
begin
  execute pg_catalog.format('create policy feed_lookup on public.calendar_feeds for select to %I using (true)', current_user);
end $lookup$;

-- Answers: whose feed has this token digest, with the names choice and zone stored with it (no row:
-- no such feed, or it was rotated). Called by the embedded service as its own role, before it reads
-- the practice's appointments as that practice (src/server/http/calendar-feed.ts). Not in schema
-- public, so rpc/ never serves it; execute revoked from everyone but its owner.
create function practice_private.calendar_feed_owner(token_digest text)
  returns table (therapist_id uuid, full_names boolean, time_zone text)
  language sql stable security definer set search_path = ''
  as $$
    select feed.therapist_id, feed.full_names, feed.time_zone
    from public.calendar_feeds feed
    where feed.token_digest = calendar_feed_owner.token_digest
  $$;
comment on function practice_private.calendar_feed_owner(text) is 'The practice, names choice and time zone of the calendar feed whose token has this hex SHA-256; for the service''s own role only.';
revoke all on function practice_private.calendar_feed_owner(text) from public, anon, authenticated, service_role;
`;
