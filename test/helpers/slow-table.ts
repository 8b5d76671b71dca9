// A table whose every row costs its reader `seconds` (its policy sleeps): the stand-in for an
// expensive request, in tests of time limits and of the pool's fair shares. The owner inserts the rows.
export const slowTable = (seconds: number) => `
  create table public.slow_things (
    therapist_id uuid not null default auth.uid(),
    id int not null,
    constraint slow_things_pkey primary key (therapist_id, id)
  );
  alter table public.slow_things enable row level security;
  create policy slow_things_own on public.slow_things to authenticated, anon
    using (therapist_id = (select auth.uid()) and (select true from pg_sleep(${seconds})));
  grant select on public.slow_things to authenticated, anon;`;
