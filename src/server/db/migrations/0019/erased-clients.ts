// An erased client (GDPR Art. 17): the row stays while records the law keeps still name it, marked
// with when it was erased, and no longer takes a booking: no visit of theirs is scheduled or
// confirmed for today or later. Its past visits may still be written (an import of the practice).

export const erasedClients = `
alter table public.clients add column erased_at timestamptz;
comment on column public.clients.erased_at is 'When the client was erased (rpc/erase_client): name, contact and free text gone, no new bookings; null for a client never erased.';

create function practice_private.refuse_erased_client_booking() returns trigger
language plpgsql set search_path = '' as $$
declare
  erased timestamptz;
begin
  if new.status not in ('scheduled', 'confirmed') or new."date" < current_date then
    return new;
  end if;
  select c.erased_at into erased from public.clients c where c.therapist_id = new.therapist_id and c.id = new.client_id;
  if erased is not null then
    raise exception using
      errcode = 'PT409',
      message = format('Client %s was erased on %s and cannot be booked', new.client_id, erased::date),
      hint = 'Add the person as a new client if they come back.';
  end if;
  return new;
end $$;
create trigger refuse_erased_client_booking before insert or update of client_id, status, "date" on public.appointments
  for each row execute function practice_private.refuse_erased_client_booking();
`;
