// An appointment's life: the client's name filled in on create, the status transitions of
// DESIGN.md section 3, and clients.total_visits kept in step with completed appointments.

export const appointmentRules = `
create function practice_private.fill_client_name() returns trigger
language plpgsql set search_path = '' as $$
begin
  select name into new.client_name from public.clients
    where therapist_id = new.therapist_id and id = new.client_id;
  return new;
end $$;
create trigger fill_client_name before insert on public.appointments
  for each row when (new.client_name is null)
  execute function practice_private.fill_client_name();

-- Only updates are checked: a new appointment may start in any status (imports carry history).
create function practice_private.check_status_transition() returns trigger
language plpgsql set search_path = '' as $$
declare
  allowed text[] := case old.status
    when 'scheduled' then array['confirmed', 'completed', 'cancelled', 'no_show']
    when 'confirmed' then array['completed', 'cancelled', 'no_show', 'scheduled']
    when 'cancelled' then array['scheduled']
    when 'no_show' then array['scheduled']
    when 'completed' then array['confirmed']
  end;
begin
  -- An unknown status is the check constraint's to report, with its list of values.
  if new.status not in ('scheduled', 'confirmed', 'completed', 'cancelled', 'no_show') then
    return new;
  end if;
  if not (new.status = any(allowed)) then
    raise exception using
      errcode = 'PT409',
      message = format('Cannot change appointment status from %s to %s', old.status, new.status),
      hint = 'Allowed next states: ' || array_to_string(allowed, ', ');
  end if;
  return new;
end $$;
create trigger check_status_transition before update of status on public.appointments
  for each row when (old.status is distinct from new.status)
  execute function practice_private.check_status_transition();

-- A visit is a completed appointment. total_visits stops at 0 rather than refusing a delete:
-- an imported count may not match the appointments on record.
create function practice_private.count_visits() returns trigger
language plpgsql set search_path = '' as $$
declare
  was_visit boolean := tg_op <> 'INSERT' and old.status = 'completed';
  is_visit boolean := tg_op <> 'DELETE' and new.status = 'completed';
begin
  if was_visit and is_visit and old.client_id = new.client_id then
    return null;
  end if;
  if was_visit then
    update public.clients set total_visits = greatest(total_visits - 1, 0)
      where therapist_id = old.therapist_id and id = old.client_id;
  end if;
  if is_visit then
    update public.clients set total_visits = total_visits + 1
      where therapist_id = new.therapist_id and id = new.client_id;
  end if;
  return null;
end $$;
create trigger count_visits after insert or update of status, client_id or delete on public.appointments
  for each row execute function practice_private.count_visits();
`;
