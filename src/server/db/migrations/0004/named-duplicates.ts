// Duplicate refusals that name the record that already has the value (23505, answered as 409), as
// the overlap triggers do. The unique indexes still decide when two writes race.

export const namedDuplicates = `
create function practice_private.check_client_email_free() returns trigger
language plpgsql set search_path = '' as $$
declare
  other public.clients;
begin
  select * into other from public.clients c
    where c.therapist_id = new.therapist_id and lower(c.email) = lower(new.email) and c.id <> new.id
    limit 1;
  if found then
    raise exception using
      errcode = 'unique_violation',
      message = format('Client %s (%s) already has the email %s', other.name, other.id, new.email),
      hint = 'Use that client, or give this one another email address (emails are unique ignoring case).';
  end if;
  return new;
end $$;
create trigger check_client_email_free before insert or update of email on public.clients
  for each row when (new.email is not null)
  execute function practice_private.check_client_email_free();

create function practice_private.check_service_name_free() returns trigger
language plpgsql set search_path = '' as $$
declare
  other public.service_menu;
begin
  select * into other from public.service_menu s
    where s.therapist_id = new.therapist_id and lower(s.name) = lower(new.name) and s.id <> new.id
    limit 1;
  if found then
    raise exception using
      errcode = 'unique_violation',
      message = format('Service %s (%s) already has the name %s', other.name, other.id, new.name),
      hint = 'Use that service, or choose another name (names are unique ignoring case).';
  end if;
  return new;
end $$;
create trigger check_service_name_free before insert or update of name on public.service_menu
  for each row when (new.name is not null)
  execute function practice_private.check_service_name_free();
`;
