// The practice's booking page (found by its slug; the CLI keeps one) and the requests made through it,
// each keeping the consent the client agreed to (the exact text) and the answers to the intake
// questions as asked. Tenant-scoped like every table; forced row-level security, audited writes.

// As every table of migration 1 says of its id and owner.
const commonComments = (table: string) => `comment on column public.${table}.id is 'Chosen by the server unless the client sends one (which makes a retried create safe).';
comment on column public.${table}.therapist_id is 'The practice the row belongs to: its therapist''s user id. Defaults to the caller.';`;

// How much a page may ask: a few questions, each short.
const BOOKING_BOUNDS = { questions: 10, choices: 12, labelLength: 200, choiceLength: 100, consentLength: 20000 } as const;

export const bookingTables = `
-- Whether questions are a list of at most ${BOOKING_BOUNDS.questions} well-formed questions with unique ids.
create function practice_private.booking_questions_valid(questions jsonb) returns boolean
language sql immutable set search_path = '' as $$
  select pg_catalog.jsonb_typeof(questions) = 'array'
    and pg_catalog.jsonb_array_length(questions) <= ${BOOKING_BOUNDS.questions}
    and (select count(distinct question ->> 'id') = count(*) from pg_catalog.jsonb_array_elements(questions) as question)
    and coalesce((select bool_and(
        pg_catalog.jsonb_typeof(question) = 'object'
        and coalesce(question ->> 'id' ~ '^[a-z0-9_-]{1,40}$', false)
        and coalesce(pg_catalog.length(pg_catalog.btrim(question ->> 'label')) between 1 and ${BOOKING_BOUNDS.labelLength}, false)
        and pg_catalog.jsonb_typeof(question -> 'required') = 'boolean'
        and case question ->> 'type'
          when 'choice' then pg_catalog.jsonb_typeof(question -> 'choices') = 'array'
            and pg_catalog.jsonb_array_length(question -> 'choices') between 2 and ${BOOKING_BOUNDS.choices}
            and (select bool_and(pg_catalog.jsonb_typeof(choice) = 'string' and pg_catalog.length(choice #>> '{}') between 1 and ${BOOKING_BOUNDS.choiceLength})
                 from pg_catalog.jsonb_array_elements(question -> 'choices') as choice)
          when 'text' then not question ? 'choices'
          when 'yes_no' then not question ? 'choices'
          else false end)
      from pg_catalog.jsonb_array_elements(questions) as question), true)
$$;

create table public.booking_pages (
  id uuid not null default gen_random_uuid(),
  slug text not null,
  enabled boolean not null default true,
  time_zone text not null,
  service_ids uuid[],
  notice_minutes integer not null default 1440,
  horizon_days integer not null default 30,
  hold_minutes integer not null default 1440,
  instant boolean not null default false,
  consent_text text,
  consent_version integer not null default 0,
  questions jsonb not null default '[]'::jsonb,
  therapist_id uuid not null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint booking_pages_pkey primary key (therapist_id, id),
  constraint booking_pages_slug_check check (slug ~ '^[a-z0-9]([a-z0-9-]{0,46}[a-z0-9])?$'),
  constraint booking_pages_time_zone_check check (length(time_zone) between 1 and 64),
  constraint booking_pages_notice_check check (notice_minutes between 0 and 525600),
  constraint booking_pages_horizon_check check (horizon_days between 1 and 365),
  constraint booking_pages_hold_check check (hold_minutes between 5 and 43200),
  constraint booking_pages_consent_check check (consent_text is null or (btrim(consent_text) <> '' and length(consent_text) <= ${BOOKING_BOUNDS.consentLength})),
  constraint booking_pages_consent_version_check check (consent_version >= 0 and (consent_text is null or consent_version >= 1)),
  constraint booking_pages_questions_check check (practice_private.booking_questions_valid(questions))
);
-- The slug is the page's address on the whole service: unique across practices.
create unique index booking_pages_slug_key on public.booking_pages (slug);
comment on table public.booking_pages is 'A public booking page of the practice: its address (slug), what it offers and when, its consent text and intake questions. The CLI keeps one per practice.';
${commonComments('booking_pages')}
comment on column public.booking_pages.slug is 'The page''s address, /book/<slug>: lower-case letters, digits and hyphens, up to 48, unique on the service.';
comment on column public.booking_pages.enabled is 'Whether the page answers; a disabled page answers as an unknown one.';
comment on column public.booking_pages.time_zone is 'The practice''s IANA time zone, in which the page shows times.';
comment on column public.booking_pages.service_ids is 'The services offered; none: every active service.';
comment on column public.booking_pages.notice_minutes is 'How far ahead a booking must be made, in minutes.';
comment on column public.booking_pages.horizon_days is 'How many days ahead the page offers.';
comment on column public.booking_pages.hold_minutes is 'How long a request holds its slot while the therapist decides.';
comment on column public.booking_pages.instant is 'Requests are booked straight away (scheduled) instead of waiting for the therapist.';
comment on column public.booking_pages.consent_text is 'What a client must agree to before booking; none: nothing to agree to.';
comment on column public.booking_pages.consent_version is 'Goes up by one with each new consent text; a request names the version it agreed to.';
comment on column public.booking_pages.questions is 'Intake questions: [{id, label, type: text|yes_no|choice, choices (choice only), required}].';

create table public.booking_requests (
  id uuid not null default gen_random_uuid(),
  appointment_id uuid not null,
  client_id uuid not null,
  email text not null,
  answers jsonb not null default '[]'::jsonb,
  consent_version integer,
  consent_text text,
  consented_at timestamptz,
  therapist_id uuid not null default auth.uid(),
  created_at timestamptz not null default now(),
  constraint booking_requests_pkey primary key (therapist_id, id),
  constraint booking_requests_appointment_fkey foreign key (therapist_id, appointment_id, client_id)
    references public.appointments (therapist_id, id, client_id),
  constraint booking_requests_client_fkey foreign key (therapist_id, client_id) references public.clients (therapist_id, id),
  constraint booking_requests_email_check check (length(email) between 3 and 254),
  constraint booking_requests_answers_check check (jsonb_typeof(answers) = 'array' and length(answers::text) <= 20000),
  constraint booking_requests_consent_check check (
    (consent_version is null) = (consent_text is null) and (consent_text is null) = (consented_at is null))
);
-- The per-email limit's question: this email's requests of the last hour.
create index booking_requests_email on public.booking_requests (therapist_id, lower(email), created_at);
create index booking_requests_client on public.booking_requests (therapist_id, client_id, created_at);
comment on table public.booking_requests is 'Each booking asked for on the practice''s page: the appointment it made, the consent agreed (version, exact text, time) and the intake answers as asked.';
${commonComments('booking_requests')}
comment on column public.booking_requests.email is 'The email address the request gave (the client was matched or created by it).';
comment on column public.booking_requests.answers is 'The intake answers: [{id, label, type, answer}], the label as the client read it.';
comment on column public.booking_requests.consent_text is 'The exact consent text the client agreed to.';

do $tables$
declare
  booking_table text;
begin
  foreach booking_table in array array['booking_pages', 'booking_requests'] loop
    execute pg_catalog.format('alter table public.%I enable row level security', booking_table);
    execute pg_catalog.format('alter table public.%I force row level security', booking_table);
    execute pg_catalog.format('create policy own_practice on public.%I for all to authenticated
      using (therapist_id = (select auth.uid())) with check (therapist_id = (select auth.uid()))', booking_table);
    -- Closed to anon as every table is (select granted, no policy: no row): the public page reaches
    -- them only through the functions of public-calls.ts.
    execute pg_catalog.format('revoke all on public.%I from anon, authenticated, service_role', booking_table);
    execute pg_catalog.format('grant select on public.%I to anon', booking_table);
    execute pg_catalog.format('grant all on public.%I to service_role', booking_table);
    execute pg_catalog.format('create trigger audit_change after insert or update or delete on public.%I
      for each row execute function practice_private.audit_row_change()', booking_table);
  end loop;
end $tables$;
grant select, insert, update, delete on public.booking_pages to authenticated;
-- A request is a record of what was agreed: kept, never edited (insert for a restore of a backup).
grant select, insert on public.booking_requests to authenticated;
create trigger touch_updated_at before update on public.booking_pages
  for each row execute function practice_private.touch_updated_at();
`;
