// The seven tables of DESIGN.md section 3 with the rules a constraint can state: types, value
// lists, composite keys that keep every reference inside one practice, and the hot-path indexes.

// Every table starts and ends alike. The primary key is `(therapist_id, id)`: the composite foreign
// keys reference it, so a row can never point at another practice's row (a plain foreign key check
// does not see row-level security); ids are unique per practice only, so an insert never collides
// with, and so never reveals, another practice's row, and a practice's export can be imported into
// another practice on the same backend with its ids. Value lists are written `check (col in (...))`, one named constraint per
// column, which is the form the schema cache turns into OpenAPI enums.
const ID = `id uuid not null default gen_random_uuid()`;
const OWNER = `therapist_id uuid not null default auth.uid(),
  created_at timestamptz not null default now()`;

export const PRACTICE_TABLES = [
  'clients', 'service_menu', 'business_hours', 'appointments', 'sessions', 'expenses', 'conversation_log',
] as const;

const COMMON_COMMENTS = PRACTICE_TABLES.map((table) => `
comment on column public.${table}.id is 'Chosen by the server unless the client sends one (which makes a retried create safe).';
comment on column public.${table}.therapist_id is 'The practice the row belongs to: its therapist''s user id. Defaults to the caller.';`).join('');

export const tables = `
create table public.clients (
  ${ID},
  name text not null,
  phone text,
  email text,
  notes text,
  status text not null default 'active',
  total_visits integer not null default 0,
  ${OWNER},
  updated_at timestamptz not null default now(),
  constraint clients_pkey primary key (therapist_id, id),
  constraint clients_name_check check (btrim(name) <> ''),
  constraint clients_status_check check (status in ('active', 'inactive')),
  constraint clients_total_visits_check check (total_visits >= 0)
);
create unique index clients_email_key on public.clients (therapist_id, lower(email));
create index clients_name on public.clients (therapist_id, name);
comment on table public.clients is 'The people the practice sees. Retire a client with status inactive; a client with history cannot be deleted.';
comment on column public.clients.email is 'Unique within the practice, ignoring case.';
comment on column public.clients.status is 'active or inactive.';
comment on column public.clients.total_visits is 'Completed appointments. May be set on create (imported history); then moves by one as appointments enter or leave completed.';

create table public.service_menu (
  ${ID},
  name text not null,
  duration integer not null,
  price numeric(10,2) not null,
  description text,
  buffer_minutes integer not null default 0,
  active boolean not null default true,
  ${OWNER},
  updated_at timestamptz not null default now(),
  constraint service_menu_pkey primary key (therapist_id, id),
  constraint service_menu_name_check check (btrim(name) <> ''),
  constraint service_menu_duration_check check (duration between 1 and 1440),
  constraint service_menu_price_check check (price >= 0),
  constraint service_menu_buffer_minutes_check check (buffer_minutes >= 0)
);
create unique index service_menu_name_key on public.service_menu (therapist_id, lower(name));
comment on table public.service_menu is 'The services the practice offers. Retire one with active false; a service appointments use cannot be deleted.';
comment on column public.service_menu.name is 'Unique within the practice, ignoring case.';
comment on column public.service_menu.duration is 'Length of the service in minutes, 1 to 1440.';
comment on column public.service_menu.price is 'Price of the service, 0 or more.';
comment on column public.service_menu.buffer_minutes is 'Minutes to keep free after the service (cleanup, notes).';
comment on column public.service_menu.active is 'Whether the service is still offered.';

create table public.business_hours (
  ${ID},
  day_of_week text not null,
  open_time time not null,
  close_time time not null,
  ${OWNER},
  updated_at timestamptz not null default now(),
  constraint business_hours_pkey primary key (therapist_id, id),
  constraint business_hours_day_of_week_check
    check (day_of_week in ('monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday')),
  constraint business_hours_close_after_open check (close_time > open_time),
  -- Several rows a day are split shifts; overlapping ones are refused. There is no built-in range
  -- of times of day, so the times are placed on one fixed day.
  constraint business_hours_no_overlap exclude using gist (
    therapist_id with =,
    day_of_week with =,
    tsrange(date '2000-01-01' + open_time, date '2000-01-01' + close_time) with &&
  )
);
comment on table public.business_hours is 'Weekly opening hours. Several rows a day make split shifts; rows of one day may not overlap.';
comment on column public.business_hours.day_of_week is 'Lower-case day name, monday to sunday.';
comment on column public.business_hours.open_time is 'Opening time, HH:MM.';
comment on column public.business_hours.close_time is 'Closing time, HH:MM, after open_time.';

create table public.appointments (
  ${ID},
  date date not null,
  start_time time not null,
  end_time time not null,
  status text not null default 'scheduled',
  client_id uuid not null,
  client_name text,
  service_id uuid,
  notes text,
  ${OWNER},
  updated_at timestamptz not null default now(),
  constraint appointments_pkey primary key (therapist_id, id),
  -- Lets a note require that its appointment is one of the note's client.
  constraint appointments_therapist_id_id_client_id_key unique (therapist_id, id, client_id),
  constraint appointments_client_fkey foreign key (therapist_id, client_id) references public.clients (therapist_id, id),
  constraint appointments_service_fkey foreign key (therapist_id, service_id) references public.service_menu (therapist_id, id),
  constraint appointments_status_check
    check (status in ('scheduled', 'confirmed', 'completed', 'cancelled', 'no_show')),
  constraint appointments_end_after_start check (end_time > start_time),
  -- The overlap trigger explains a conflict; this constraint still holds when two writes race.
  constraint appointments_no_overlap exclude using gist (
    therapist_id with =,
    tsrange("date" + start_time, "date" + end_time) with &&
  ) where (status <> 'cancelled')
);
-- The day view: ?therapist_id=eq.X&date=eq.D&order=start_time.asc
create index appointments_day on public.appointments (therapist_id, "date", start_time);
create index appointments_client on public.appointments (therapist_id, client_id, "date");
create index appointments_service on public.appointments (therapist_id, service_id) where service_id is not null;
comment on table public.appointments is 'The calendar. Appointments of one practice that are not cancelled may not overlap.';
comment on column public.appointments.date is 'Day of the appointment, YYYY-MM-DD, in the practice''s time zone.';
comment on column public.appointments.start_time is 'Start, HH:MM.';
comment on column public.appointments.end_time is 'End, HH:MM, after start_time.';
comment on column public.appointments.status is 'scheduled -> confirmed|completed|cancelled|no_show; confirmed -> completed|cancelled|no_show|scheduled; cancelled -> scheduled; no_show -> scheduled; completed -> confirmed.';
comment on column public.appointments.client_name is 'Copied from the client when omitted on create.';
comment on column public.appointments.service_id is 'The service booked, from service_menu.';

create table public.sessions (
  ${ID},
  client_id uuid not null,
  appointment_id uuid,
  subjective text,
  objective text,
  assessment text,
  plan text,
  signed_at timestamptz,
  amends_id uuid,
  ${OWNER},
  updated_at timestamptz not null default now(),
  constraint sessions_pkey primary key (therapist_id, id),
  -- Lets an amendment require that the note it amends is of the same client.
  constraint sessions_therapist_id_id_client_id_key unique (therapist_id, id, client_id),
  constraint sessions_client_fkey foreign key (therapist_id, client_id) references public.clients (therapist_id, id),
  constraint sessions_appointment_fkey foreign key (therapist_id, appointment_id, client_id)
    references public.appointments (therapist_id, id, client_id),
  constraint sessions_amends_fkey foreign key (therapist_id, amends_id, client_id)
    references public.sessions (therapist_id, id, client_id),
  constraint sessions_content_check check (
    coalesce(btrim(subjective), '') <> '' or coalesce(btrim(objective), '') <> ''
    or coalesce(btrim(assessment), '') <> '' or coalesce(btrim(plan), '') <> ''
  ),
  constraint sessions_amends_other_check check (amends_id <> id)
);
-- One note per appointment; amendments of that note carry the appointment too.
create unique index sessions_one_per_appointment on public.sessions (therapist_id, appointment_id)
  where amends_id is null;
create index sessions_appointment on public.sessions (therapist_id, appointment_id) where appointment_id is not null;
create index sessions_client on public.sessions (therapist_id, client_id, created_at);
create index sessions_amends on public.sessions (therapist_id, amends_id) where amends_id is not null;
comment on table public.sessions is 'Session notes in SOAP form. A signed note never changes; an amendment is a new note naming it in amends_id.';
comment on column public.sessions.appointment_id is 'The appointment the note is about, of the same client; one note per appointment.';
comment on column public.sessions.subjective is 'S: what the client reports.';
comment on column public.sessions.objective is 'O: what the therapist observed and measured.';
comment on column public.sessions.assessment is 'A: the therapist''s assessment.';
comment on column public.sessions.plan is 'P: the plan for treatment and follow-up.';
comment on column public.sessions.signed_at is 'When the note was signed; a signed note can no longer change or be deleted.';
comment on column public.sessions.amends_id is 'The signed note of the same client this note amends.';

create table public.expenses (
  ${ID},
  date date not null,
  amount numeric(10,2) not null,
  category text not null,
  description text,
  vendor text,
  ${OWNER},
  updated_at timestamptz not null default now(),
  constraint expenses_pkey primary key (therapist_id, id),
  constraint expenses_amount_check check (amount > 0),
  constraint expenses_category_check check (btrim(category) <> ''),
  constraint expenses_category_lower_case check (category = lower(category))
);
create index expenses_date on public.expenses (therapist_id, "date");
comment on table public.expenses is 'What the practice spends.';
comment on column public.expenses.date is 'Day of the expense, YYYY-MM-DD.';
comment on column public.expenses.amount is 'Amount spent, more than 0.';
comment on column public.expenses.category is 'Lower case, e.g. supplies, rent, equipment, linens, laundry, education, insurance, marketing, software, travel, fees, other.';

create table public.conversation_log (
  ${ID},
  client_id uuid not null,
  role text not null,
  message text not null,
  channel text not null default 'chat',
  ${OWNER},
  constraint conversation_log_pkey primary key (therapist_id, id),
  constraint conversation_log_client_fkey foreign key (therapist_id, client_id) references public.clients (therapist_id, id),
  constraint conversation_log_role_check check (role in ('client', 'therapist', 'assistant')),
  constraint conversation_log_channel_check check (channel in ('sms', 'email', 'chat', 'phone', 'web', 'other')),
  constraint conversation_log_message_check check (btrim(message) <> '')
);
create index conversation_log_client on public.conversation_log (therapist_id, client_id, created_at);
comment on table public.conversation_log is 'Messages exchanged with a client. Append-only: entries cannot be changed or deleted.';
comment on column public.conversation_log.role is 'Who wrote the message: client, therapist or assistant.';
comment on column public.conversation_log.channel is 'Where it was exchanged: sms, email, chat, phone, web or other.';
${COMMON_COMMENTS}
`;
