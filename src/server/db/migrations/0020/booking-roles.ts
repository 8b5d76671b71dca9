// Who the public calls run as. Each public function is security definer, owned by a role that may read
// only what its answer needs: `booking_reader` (the page and its free starts: the page's settings, the
// offered services, hours, closures' spans, appointments' times) and `booking_writer` (a request:
// matching or adding the client, adding the appointment and the request). Neither is an API role,
// logs in, or bypasses row-level security: their policies confine them to the practice whose page
// the call entered (practice_private.enter_booking_page sets it as auth.uid() for the call).

const practiceOnly = '(therapist_id = (select auth.uid()))';

// A role and the policy it needs on each table: `for` what, under which condition.
const policy = (role: string, table: string, verb: string, condition = practiceOnly) => `
create policy ${role} on public.${table} for ${verb} to ${role} using (${condition})${verb === 'select' ? '' : ` with check (${condition})`};`;

export const bookingRoles = `
-- Roles are cluster-wide on PostgreSQL: created only when missing (see 0001/identity.ts).
do $roles$
declare
  booking_role text;
begin
  foreach booking_role in array array['booking_reader', 'booking_writer'] loop
    if not exists (select from pg_catalog.pg_roles where rolname = booking_role) then
      begin
        execute pg_catalog.format('create role %I nologin noinherit', booking_role);
      exception when duplicate_object or unique_violation then null;
      end;
    end if;
    -- The migrating role hands its functions to these roles (alter function ... owner to).
    if not pg_catalog.pg_has_role(current_user, booking_role, 'MEMBER') then
      execute pg_catalog.format('grant %I to current_user', booking_role);
    end if;
  end loop;
end $roles$;
grant usage on schema public, auth, practice_private to booking_reader, booking_writer;

-- The page is found by its slug before its practice is known: any enabled page, and only those.
grant select on public.booking_pages to booking_reader, booking_writer;
${policy('booking_reader', 'booking_pages', 'select', 'enabled')}
${policy('booking_writer', 'booking_pages', 'select', 'enabled')}

grant select (therapist_id, key, value) on public.practice_settings to booking_reader;
${policy('booking_reader', 'practice_settings', 'select', `${practiceOnly} and key = 'practice_name'`)}
grant select (therapist_id, id, name, duration, price, buffer_minutes, active) on public.service_menu to booking_reader;
-- The booking terms' trigger reads the whole service row.
grant select on public.service_menu to booking_writer;
${policy('booking_reader', 'service_menu', 'select')}
${policy('booking_writer', 'service_menu', 'select')}
grant select (therapist_id, day_of_week, open_time, close_time) on public.business_hours to booking_reader;
${policy('booking_reader', 'business_hours', 'select')}
grant select (therapist_id, starts_at, ends_at) on public.closures to booking_reader;
${policy('booking_reader', 'closures', 'select')}
grant select (therapist_id, "date", start_time, end_time, buffer_minutes, status, hold_until) on public.appointments to booking_reader;
${policy('booking_reader', 'appointments', 'select')}
grant execute on function public.free_slots(date, date, integer, integer, integer, timestamp) to booking_reader;

-- The writer's triggers read whole rows (the overlap check names the other appointment, the email
-- check the other client), so it reads the practice's appointments and clients; it changes no row
-- but those it adds and lapsed holds.
grant select, insert on public.appointments to booking_writer;
grant update (status) on public.appointments to booking_writer;
${policy('booking_writer', 'appointments', 'all')}
grant select, insert (therapist_id, name, email, phone) on public.clients to booking_writer;
-- A new client's search_name is generated with it.
grant execute on function practice_private.fold_for_search(text) to booking_writer;
${policy('booking_writer', 'clients', 'all')}
grant select (therapist_id, email, client_id, created_at), insert on public.booking_requests to booking_writer;
${policy('booking_writer', 'booking_requests', 'all')}
`;
