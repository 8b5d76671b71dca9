// Migration 10 (issue 27): time off. A closure is a stretch of local wall-clock time (the practice's
// zone, as appointments' date and times are) when the practice is closed whatever its weekly hours
// say: a day, a range of days, or part of a day. Everything that knows business hours reads these too.
import type { Migration } from './migration.js';

export const closures: Migration = {
  version: 10,
  name: 'closures: time off beside the weekly hours',
  sql: `
create table public.closures (
  id uuid not null default gen_random_uuid(),
  starts_at timestamp not null,
  ends_at timestamp not null,
  reason text,
  therapist_id uuid not null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint closures_pkey primary key (therapist_id, id),
  constraint closures_ends_after_start check (ends_at > starts_at),
  constraint closures_reason_check check (reason is null or (btrim(reason) <> '' and length(reason) <= 200))
);
-- The calendar's question is "which closures touch this window": ranges by start within a practice.
create index closures_window on public.closures (therapist_id, starts_at, ends_at);
comment on table public.closures is 'Time off: the practice is closed from starts_at to ends_at (local time, the practice''s zone), whatever business_hours say.';
comment on column public.closures.id is 'Chosen by the server unless the client sends one (which makes a retried create safe).';
comment on column public.closures.therapist_id is 'The practice the row belongs to: its therapist''s user id. Defaults to the caller.';
comment on column public.closures.starts_at is 'First closed moment, local time (YYYY-MM-DDTHH:MM).';
comment on column public.closures.ends_at is 'First moment open again, local time; after starts_at. A closed day 2026-12-24 ends at 2026-12-25T00:00.';
comment on column public.closures.reason is 'Why, shown in hours show and appt week (holidays, training). Up to 200 characters.';

alter table public.closures enable row level security;
create policy own_practice on public.closures for all to authenticated
  using (therapist_id = (select auth.uid()))
  with check (therapist_id = (select auth.uid()));
revoke all on public.closures from anon, authenticated, service_role;
grant select on public.closures to anon;
grant select, insert, update, delete on public.closures to authenticated;
grant all on public.closures to service_role;

create trigger touch_updated_at before update on public.closures
  for each row execute function practice_private.touch_updated_at();
`,
};
