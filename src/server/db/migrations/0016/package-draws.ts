// Which completed visit each package covers, derived from the visits every time rather than kept in
// a counter, so it cannot drift: a visit cancelled, undone or moved gives its place back by itself.
// Visits of a client and service, oldest first, each draw on the oldest package of that client and
// service that was sold on or before the visit's day, has not expired by it, and has a visit left.
// Greedy in visit order is the rule a person applies at the desk, and it needs a loop: one pass over
// the visits of each (client, service) that has a package, nothing for the others.
export const packageDraws = `
create function public.package_draws(for_client uuid default null)
returns table (therapist_id uuid, client_id uuid, package_id uuid, appointment_id uuid)
language plpgsql stable security invoker set search_path = '' as $$
declare
  pair record;
  visit record;
  ids uuid[];
  left_over integer[];
  sold date[];
  expires date[];
  i integer;
begin
  for pair in
    select distinct p.therapist_id, p.client_id, p.service_id from public.packages p
      where for_client is null or p.client_id = for_client
  loop
    select array_agg(p.id order by p.sold_on, p.created_at, p.id), array_agg(p.visits order by p.sold_on, p.created_at, p.id),
           array_agg(p.sold_on order by p.sold_on, p.created_at, p.id), array_agg(p.expires_on order by p.sold_on, p.created_at, p.id)
      into ids, left_over, sold, expires
      from public.packages p
      where p.therapist_id = pair.therapist_id and p.client_id = pair.client_id and p.service_id = pair.service_id;
    for visit in
      select a.id, a."date" from public.appointments a
        where a.therapist_id = pair.therapist_id and a.client_id = pair.client_id
          and a.service_id = pair.service_id and a.status = 'completed'
          and a."date" >= sold[1]
        order by a."date", a.start_time, a.id
    loop
      for i in 1 .. array_length(ids, 1) loop
        if left_over[i] > 0 and sold[i] <= visit."date" and (expires[i] is null or visit."date" <= expires[i]) then
          left_over[i] := left_over[i] - 1;
          therapist_id := pair.therapist_id;
          client_id := pair.client_id;
          package_id := ids[i];
          appointment_id := visit.id;
          return next;
          exit;
        end if;
      end loop;
    end loop;
  end loop;
end $$;
comment on function public.package_draws(uuid) is 'Which completed visit each package covers (all clients, or one): visits oldest first draw on the client''s oldest open package of their service.';

create function public.package_usage(for_client uuid default null, as_of date default current_date)
returns table (id uuid, client_id uuid, client_name text, service_id uuid, service_name text, visits integer,
  used integer, visits_left integer, price numeric, sold_on date, expires_on date, open boolean)
language sql stable security invoker set search_path = '' as $$
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
