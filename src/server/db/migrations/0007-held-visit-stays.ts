// Migration 7 (issue 24): a held visit stays held. A completed appointment that a signed note refers
// to keeps its day, times, service and price: the note records the visit as it was held, and the
// month's revenue counts it. Migration 4 already refuses undoing its completion.
import type { Migration } from './migration.js';

export const heldVisitStays: Migration = {
  version: 7,
  name: 'a completed visit with a signed note keeps its day, times, service and price',
  sql: `
create function practice_private.refuse_changing_signed_visit() returns trigger
language plpgsql set search_path = '' as $$
declare
  note_id uuid;
  changed text[];
begin
  -- The note itself before its amendments: the hint names the note to amend.
  select id into note_id from public.sessions
    where therapist_id = old.therapist_id and appointment_id = old.id and signed_at is not null
    order by amends_id is not null, created_at, id
    limit 1;
  if found then
    changed := array_remove(array[
      case when new.date is distinct from old.date then 'date' end,
      case when new.start_time is distinct from old.start_time then 'start_time' end,
      case when new.end_time is distinct from old.end_time then 'end_time' end,
      case when new.service_id is distinct from old.service_id then 'service_id' end,
      case when new.price is distinct from old.price then 'price' end], null);
    raise exception using
      errcode = 'PT409',
      message = format('Cannot change the %s of appointment %s: it is a held visit, and signed note %s records it',
        array_to_string(changed, ', '), old.id, note_id),
      hint = format('A held visit stays as it was held. Correct the record with an amendment: a new note with amends_id %s.', note_id);
  end if;
  return new;
end $$;
-- Comparing values, not the columns an update names: an upsert that writes a row back unchanged passes.
create trigger refuse_changing_signed_visit
  before update of date, start_time, end_time, service_id, price on public.appointments
  for each row when (old.status = 'completed' and (new.date, new.start_time, new.end_time, new.service_id, new.price)
    is distinct from (old.date, old.start_time, old.end_time, old.service_id, old.price))
  execute function practice_private.refuse_changing_signed_visit();
comment on trigger refuse_changing_signed_visit on public.appointments is 'A completed appointment that a signed note refers to keeps its date, times, service and price (issue 24).';
`,
};
