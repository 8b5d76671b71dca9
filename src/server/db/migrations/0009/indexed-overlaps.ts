// The overlap check of migration 4, finding its candidates through a btree index by date. It ran as
// the caller, under row-level security, where PostgreSQL lets only leakproof operators use an index
// (the policy must filter rows before anything else sees them) and the && of ranges is not one: each
// check read every appointment of the practice, 30-60 ms a row in a practice of 20,000. Comparisons
// of dates and integers are leakproof, so a day range in appointments_day finds the few candidates.
// An insert whose id the practice already has is left to the primary key (or to `on conflict`, which
// skips it): an import run again checks no row it will not add, and a backup's row whose appointment
// has moved since is not refused for where it used to be. The rule and its messages are unchanged.

// As in 0004/buffered-overlaps.ts: the time an appointment occupies, and the visit itself.
const occupied = (row: string) =>
  `tsrange(${row}"date" + ${row}start_time, ${row}"date" + ${row}end_time + ${row}buffer_minutes * interval '1 minute')`;
const core = (row: string) => `tsrange(${row}"date" + ${row}start_time, ${row}"date" + ${row}end_time)`;

// An appointment ends by 24:00 of its day; with a buffer of at most a day (1440 minutes) it occupies
// less than two days from its date, so one that reaches into the new one starts at most a day before.
const SHORT_BUFFER_MINUTES = 1440;

// The appointments of the practice that block and overlap the new one, among `candidates`.
const blocking = (candidates: string) => `
    select * from public.appointments a
      where a.therapist_id = new.therapist_id and a.id <> new.id and a.status not in ('cancelled', 'no_show')
        and ${candidates}
        and ${occupied('a.')} && ${occupied('new.')}`;

export const indexedOverlaps = `
-- The rare appointments whose buffer is longer than a day, which the day range cannot bound.
create index appointments_long_buffers on public.appointments (therapist_id, "date")
  where buffer_minutes > ${SHORT_BUFFER_MINUTES};

-- Planned for each row's values: PGlite runs no autovacuum, so a generic plan made while the practice
-- was small (a scan) would stay for the life of the session and grow with every row.
create or replace function practice_private.check_appointment_overlap() returns trigger
language plpgsql set search_path = '' set plan_cache_mode = force_custom_plan as $$
declare
  other public.appointments;
  buffer_part text := '';
  first_day date;
  last_day date;
begin
  -- Missing or reversed times are for the not-null and check constraints to report.
  if new.date is null or new.start_time is null or new.end_time is null or new.end_time <= new.start_time
    or new.buffer_minutes is null or new.buffer_minutes < 0 then
    return new;
  end if;
  if tg_op = 'INSERT' and exists (select from public.appointments a where a.therapist_id = new.therapist_id and a.id = new.id) then
    return new;
  end if;
  first_day := new.date - 1;
  last_day := (new.date + new.end_time + new.buffer_minutes * interval '1 minute')::date;
  select * into other from (${blocking(`a.date between first_day and last_day and a.buffer_minutes <= ${SHORT_BUFFER_MINUTES}`)}
    union all ${blocking(`a.buffer_minutes > ${SHORT_BUFFER_MINUTES} and a.date <= last_day`)}
  ) a
    order by a.date, a.start_time
    limit 1;
  if not found then
    return new;
  end if;
  if not (${core('other.')} && ${core('new.')}) then
    buffer_part := case when ${occupied('other.')} && ${core('new.')}
      then format(' (with its %s-minute buffer)', other.buffer_minutes)
      else format(' (this appointment''s %s-minute buffer runs into it)', new.buffer_minutes) end;
  end if;
  raise exception using
    errcode = 'exclusion_violation',
    message = format('Overlaps appointment %s on %s from %s to %s%s', other.id, other.date,
      to_char(other.start_time, 'HH24:MI'), to_char(other.end_time, 'HH24:MI'), buffer_part),
    detail = format('That appointment is %s, with %s.', other.status, coalesce(other.client_name, 'a client')),
    hint = 'Choose a time that does not overlap, or move or cancel the other appointment first.';
end $$;
`;
