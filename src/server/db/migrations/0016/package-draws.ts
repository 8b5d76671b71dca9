// Which completed visit each package covers, derived from the visits every time rather than kept in
// a counter, so it cannot drift: a visit cancelled, undone or moved gives its place back by itself.
// Visits of a client and service, oldest first, each draw on the oldest package of that client and
// service that was sold on or before the visit's day, has not expired by it, and has a visit left.
// Greedy in visit order is the rule a person applies at the desk, and it needs a loop: one pass over
// the visits of the (client, service) pairs that have a package, read in one query. Nested loops are
// off as in balances (0016/balances.ts): without statistics (PGlite) they rescan a whole table per row.
export const packageDraws = `
create function public.package_draws(for_client uuid default null)
returns table (therapist_id uuid, client_id uuid, package_id uuid, appointment_id uuid)
language plpgsql stable security invoker set search_path = '' set enable_nestloop = off as $$
declare
  visit record;
  pair text := '';
  left_over integer[];
  i integer;
begin
  -- One query: each visit that some package could cover, with its (client, service)'s packages,
  -- oldest first, as arrays; the packages' counters are reset when the pair changes.
  for visit in
    select a.id, a."date", k.therapist_id as owner, k.client_id as client, k.service_id as service,
           k.ids, k.visits, k.sold, k.expires
    from (
      select p.therapist_id, p.client_id, p.service_id,
        array_agg(p.id order by p.sold_on, p.created_at, p.id) as ids,
        array_agg(p.visits order by p.sold_on, p.created_at, p.id) as visits,
        array_agg(p.sold_on order by p.sold_on, p.created_at, p.id) as sold,
        array_agg(p.expires_on order by p.sold_on, p.created_at, p.id) as expires,
        min(p.sold_on) as first_sold
      from public.packages p
      where for_client is null or p.client_id = for_client
      group by p.therapist_id, p.client_id, p.service_id
    ) k
    join public.appointments a on a.therapist_id = k.therapist_id and a.client_id = k.client_id
      and a.service_id = k.service_id and a.status = 'completed' and a."date" >= k.first_sold
    order by k.therapist_id, k.client_id, k.service_id, a."date", a.start_time, a.id
  loop
    if pair <> visit.owner::text || visit.client::text || visit.service::text then
      pair := visit.owner::text || visit.client::text || visit.service::text;
      left_over := visit.visits;
    end if;
    for i in 1 .. array_length(visit.ids, 1) loop
      if left_over[i] > 0 and visit.sold[i] <= visit."date" and (visit.expires[i] is null or visit."date" <= visit.expires[i]) then
        left_over[i] := left_over[i] - 1;
        therapist_id := visit.owner;
        client_id := visit.client;
        package_id := visit.ids[i];
        appointment_id := visit.id;
        return next;
        exit;
      end if;
    end loop;
  end loop;
end $$;
comment on function public.package_draws(uuid) is 'Which completed visit each package covers (all clients, or one): visits oldest first draw on the client''s oldest open package of their service.';

create function public.package_usage(for_client uuid default null, as_of date default current_date)
returns table (id uuid, client_id uuid, client_name text, service_id uuid, service_name text, visits integer,
  used integer, visits_left integer, price numeric, sold_on date, expires_on date, open boolean)
language sql stable security invoker set search_path = '' set enable_nestloop = off as $$
  select p.id, p.client_id, c.name, p.service_id, s.name, p.visits, coalesce(d.used, 0)::integer,
    (p.visits - coalesce(d.used, 0))::integer, p.price, p.sold_on, p.expires_on,
    p.visits > coalesce(d.used, 0) and (p.expires_on is null or p.expires_on >= as_of)
  from public.packages p
  join public.clients c on c.therapist_id = p.therapist_id and c.id = p.client_id
  join public.service_menu s on s.therapist_id = p.therapist_id and s.id = p.service_id
  left join (
    select d.therapist_id, d.package_id, count(*) as used from public.package_draws(for_client) d group by 1, 2
  ) d on d.therapist_id = p.therapist_id and d.package_id = p.id
  where for_client is null or p.client_id = for_client
  order by c.name, p.sold_on, p.created_at, p.id
$$;
comment on function public.package_usage(uuid, date) is 'Each package (all clients, or one) with the visits it has covered and has left; open while visits are left and it has not expired on as_of.';
`;
