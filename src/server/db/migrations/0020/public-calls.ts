// The three calls a stranger may make (BOOKING-CONTRACT.md, served as /rest/v1/rpc/<name>): the page
// by its slug, its free starts for a service, and a request. Each is security definer, owned by a
// booking role (booking-roles.ts), with an empty search_path; its errors are written for the client.
// Times only: no name, no other booking, no reason ever leaves these functions.

// Limits on what one address or one page may ask (issue 31, "Abuse is expected"); per IP is the
// HTTP layer's (src/server/http/booking-limits.ts).
const REQUESTS_PER_EMAIL_PER_HOUR = 3;
const OPEN_REQUESTS_PER_EMAIL = 2;
const OPEN_REQUESTS_PER_PRACTICE = 30;
// The longest range one free-starts call may ask for.
const MAX_DAYS_PER_CALL = 31;
// Starts on the page are offered every quarter hour from each opening (and at each edge of free time).
export const STEP_MINUTES = 15;

// A field the client filled in: refused with its name when longer than `max` characters.
const sizeCheck = (value: string, label: string, max: number) => `
  if pg_catalog.length(${value}) > ${max} then
    raise exception using errcode = '22001', message = pg_catalog.format('%s is too long: at most %s characters.', '${label}', ${max});
  end if;`;

// Settings named by a function's SET clauses are restored when it returns: so the claims the call
// sets for the page's practice end with the call (entered with none, the caller's come back after).
export const RESTORES_CALLER = `set "request.jwt.claims" = '' set "request.jwt.claim.sub" = ''`;

// A refusal written for the client: `code` decides the HTTP status (PT409 -> 409, 22023 -> 400).
const refuse = (code: string, message: string) => `raise exception using errcode = '${code}', message = ${message}`;

/**
 * booking_free_starts up to its answer: the page entered, the range and the service checked, and the
 * days clipped to notice and horizon as first_day and last_day (none: it has returned). Migration 25's
 * booking_free_starts begins the same.
 */
export const FREE_STARTS_PROLOGUE = `declare
  page public.booking_pages := practice_private.enter_booking_page(booking_free_starts.slug);
  visit_minutes integer;
  buffer integer;
  earliest timestamp := (pg_catalog.now() at time zone page.time_zone) + page.notice_minutes * interval '1 minute';
  first_day date;
  last_day date;
begin
  if from_day is null or to_day is null or to_day < from_day then
    ${refuse('22023', `'Choose a range of days that ends on or after its first day.'`)};
  end if;
  if to_day - from_day >= ${MAX_DAYS_PER_CALL} then
    ${refuse('22023', `pg_catalog.format('Ask for at most ${MAX_DAYS_PER_CALL} days at a time; %s to %s is %s days.', from_day, to_day, to_day - from_day + 1)`)};
  end if;
  select offered.duration, offered.buffer_minutes into visit_minutes, buffer
    from public.service_menu as offered
    where offered.therapist_id = page.therapist_id and offered.id = booking_free_starts.service_id and offered.active
      and (page.service_ids is null or offered.id = any(page.service_ids));
  if not found then
    ${refuse('22023', `'This service is not offered on this page; choose one of the services listed.'`)};
  end if;
  first_day := greatest(from_day, earliest::date);
  last_day := least(to_day, (pg_catalog.now() at time zone page.time_zone)::date + page.horizon_days);
  if first_day > last_day then
    return;
  end if;
`;

/** Migration 20's rule for an intake answer not given: JSON null, or the empty string. */
const MIGRATION_20_BLANK = `given = 'null'::jsonb or given = '""'::jsonb`;

/**
 * booking_request, `blankAnswer` deciding (of the plpgsql variable `given`, one answer as sent) which
 * answers count as not given: a required question answered so is refused, an optional one kept as
 * unanswered.
 */
export const bookingRequestSql = (create: 'create' | 'create or replace', blankAnswer: string) => `-- A booking asked for on the page: matches or adds the client by email, books the visit as requested
-- (holding the slot for the page's hold) or, on an instant page, scheduled, and keeps the consent and
-- answers. The same answer whether the email was a client or not; a filled honeypot (website) gets
-- the success answer and stores nothing. Anyone may call it.
${create} function public.booking_request(slug text, service_id uuid, starts_at timestamptz, name text, email text,
  phone text default null, answers jsonb default '{}'::jsonb, consent_version integer default null, website text default null)
returns jsonb
language plpgsql volatile security definer set search_path = '' ${RESTORES_CALLER} as $$
declare
  page public.booking_pages := practice_private.enter_booking_page(booking_request.slug);
  local_start timestamp := booking_request.starts_at at time zone page.time_zone;
  address text := pg_catalog.lower(pg_catalog.btrim(booking_request.email));
  booked_status text := case when page.instant then 'scheduled' else 'requested' end;
  visit_minutes integer;
  question jsonb;
  given jsonb;
  fits boolean;
  kept_answers jsonb := '[]'::jsonb;
  client uuid;
  appointment uuid;
begin
  if booking_request.name is null or pg_catalog.btrim(booking_request.name) = '' then
    ${refuse('22023', `'Please give your name.'`)};
  end if;
  ${sizeCheck('booking_request.name', 'Your name', 200)}
  if address is null or address = '' then
    ${refuse('22023', `'Please give your email address.'`)};
  end if;
  ${sizeCheck('address', 'The email address', 254)}
  if address !~ '^[^@[:space:]]+@[^@[:space:]]+\\.[^@[:space:]]+$' then
    ${refuse('22023', `'That email address does not look right; please check it.'`)};
  end if;
  ${sizeCheck('booking_request.phone', 'The phone number', 40)}
  ${sizeCheck('booking_request.website', 'The website', 200)}
  if booking_request.answers is null or pg_catalog.jsonb_typeof(booking_request.answers) <> 'object' then
    ${refuse('22023', `'The answers must be an object keyed by question id.'`)};
  end if;
  ${sizeCheck('booking_request.answers::text', 'The answers', 10000)}
  if booking_request.starts_at is null then
    ${refuse('22023', `'Please choose a time.'`)};
  end if;
  -- The honeypot: a field people never see. A robot that fills it is told it succeeded.
  if coalesce(booking_request.website, '') <> '' then
    return practice_private.booking_answer(booked_status, booking_request.starts_at, local_start);
  end if;

  if page.consent_text is not null and booking_request.consent_version is distinct from page.consent_version then
    ${refuse('22023', `case when booking_request.consent_version is null then 'Please read and agree to the practice''s terms first.'
      else 'The practice''s terms have changed; please reload the page and agree to the current ones.' end`)};
  end if;
  if exists (select from pg_catalog.jsonb_object_keys(booking_request.answers) as answered
      where not exists (select from pg_catalog.jsonb_array_elements(page.questions) as asked where asked ->> 'id' = answered)) then
    ${refuse('22023', `'An answer names a question this page does not ask; please reload the page.'`)};
  end if;
  for question in select asked from pg_catalog.jsonb_array_elements(page.questions) as asked loop
    given := booking_request.answers -> (question ->> 'id');
    if ${blankAnswer} then
      given := null;
    end if;
    if given is null and (question ->> 'required')::boolean then
      ${refuse('22023', `pg_catalog.format('Please answer "%s".', question ->> 'label')`)};
    end if;
    -- (An IF's condition ends at the first THEN, so the CASE is worked out first.)
    fits := case question ->> 'type'
      when 'yes_no' then pg_catalog.jsonb_typeof(given) = 'boolean'
      when 'choice' then question -> 'choices' @> pg_catalog.jsonb_build_array(given) and pg_catalog.jsonb_typeof(given) = 'string'
      else pg_catalog.jsonb_typeof(given) = 'string' and pg_catalog.length(given #>> '{}') <= 2000 end;
    if given is not null and not fits then
      ${refuse('22023', `pg_catalog.format('The answer to "%s" must be %s.', question ->> 'label', case question ->> 'type'
        when 'yes_no' then 'yes or no' when 'choice' then 'one of its choices' else 'text of at most 2000 characters' end)`)};
    end if;
    if given is not null then
      kept_answers := kept_answers || pg_catalog.jsonb_build_array(pg_catalog.jsonb_build_object(
        'id', question ->> 'id', 'label', question ->> 'label', 'type', question ->> 'type', 'answer', given));
    end if;
  end loop;

  select offered.duration into visit_minutes from public.service_menu as offered
    where offered.therapist_id = page.therapist_id and offered.id = booking_request.service_id and offered.active
      and (page.service_ids is null or offered.id = any(page.service_ids));
  if not found then
    ${refuse('22023', `'This service is not offered on this page; choose one of the services listed.'`)};
  end if;
  if local_start < (pg_catalog.now() at time zone page.time_zone) + page.notice_minutes * interval '1 minute'
    or local_start::date > (pg_catalog.now() at time zone page.time_zone)::date + page.horizon_days then
    ${refuse('22023', `pg_catalog.format('That time cannot be booked here: bookings open %s ahead and up to %s days ahead.',
      case when page.notice_minutes % 60 = 0 then (page.notice_minutes / 60) || ' hours' else page.notice_minutes || ' minutes' end, page.horizon_days)`)};
  end if;

  -- One request of a practice at a time: the limits below and the client matched by email hold
  -- when two arrive together.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('booking_request:' || page.therapist_id::text, 0));
  if (select count(*) from public.booking_requests as asked
      where asked.therapist_id = page.therapist_id and pg_catalog.lower(asked.email) = address
        and asked.created_at > pg_catalog.now() - interval '1 hour') >= ${REQUESTS_PER_EMAIL_PER_HOUR} then
    ${refuse('PT429', `'Too many requests from this email address; please try again in an hour.'`)};
  end if;
  if (select count(*) from public.appointments as held join public.clients as who
        on who.therapist_id = held.therapist_id and who.id = held.client_id
      where held.therapist_id = page.therapist_id and held.status = 'requested' and held.hold_until > pg_catalog.now()
        and pg_catalog.lower(who.email) = address) >= ${OPEN_REQUESTS_PER_EMAIL} then
    ${refuse('PT429', `'You already have requests waiting for the practice''s answer; please wait for it before asking again.'`)};
  end if;
  if (select count(*) from public.appointments as held
      where held.therapist_id = page.therapist_id and held.status = 'requested' and held.hold_until > pg_catalog.now()) >= ${OPEN_REQUESTS_PER_PRACTICE} then
    ${refuse('PT429', `'The practice has many requests waiting for its answer; please try again later.'`)};
  end if;
  if not exists (select from public.booking_free_starts(booking_request.slug, booking_request.service_id, local_start::date, local_start::date) as free
      where free.starts_at = booking_request.starts_at) then
    ${refuse('PT409', `'That time is not free (any more); please choose another.'`)};
  end if;

  select who.id into client from public.clients as who
    where who.therapist_id = page.therapist_id and pg_catalog.lower(who.email) = address;
  if not found then
    insert into public.clients (therapist_id, name, email, phone)
      values (page.therapist_id, pg_catalog.btrim(booking_request.name), address, nullif(pg_catalog.btrim(booking_request.phone), ''))
      returning id into client;
  end if;
  begin
    insert into public.appointments (therapist_id, "date", start_time, end_time, client_id, service_id, status, hold_until)
      values (page.therapist_id, local_start::date, local_start::time, (local_start + visit_minutes * interval '1 minute')::time,
        client, booking_request.service_id, booked_status,
        case when booked_status = 'requested' then pg_catalog.now() + page.hold_minutes * interval '1 minute' end)
      returning id into appointment;
  exception when exclusion_violation then
    ${refuse('PT409', `'That time is not free (any more); please choose another.'`)};
  end;
  insert into public.booking_requests (therapist_id, appointment_id, client_id, email, answers, consent_version, consent_text, consented_at)
    values (page.therapist_id, appointment, client, address, kept_answers,
      case when page.consent_text is not null then page.consent_version end, page.consent_text,
      case when page.consent_text is not null then pg_catalog.now() end);
  return practice_private.booking_answer(booked_status, booking_request.starts_at, local_start);
end $$;
comment on function public.booking_request(text, uuid, timestamptz, text, text, text, jsonb, integer, text) is 'A booking request on the public page at slug: requested (held for the therapist) or, on an instant page, scheduled. Anyone may call it.';
`;

export const publicCalls = `
-- The enabled page at page_slug, its practice set as auth.uid() for the rest of the calling public
-- function (whose SET clauses restore the caller's claims when it returns: RESTORES_CALLER). Unknown
-- and disabled pages get the same answer, so a slug's existence is not told.
create function practice_private.enter_booking_page(page_slug text) returns public.booking_pages
language plpgsql set search_path = '' as $$
declare
  page public.booking_pages;
begin
  select * into page from public.booking_pages where slug = page_slug and enabled;
  if not found then
    ${refuse('PT404', `'No booking page at this address.'`)}, hint = 'Check the address with the practice.';
  end if;
  perform pg_catalog.set_config('request.jwt.claims', pg_catalog.jsonb_build_object('sub', page.therapist_id, 'role', 'anon')::text, true);
  -- Hosted Supabase's auth.uid() reads this older setting first.
  perform pg_catalog.set_config('request.jwt.claim.sub', page.therapist_id::text, true);
  return page;
end $$;
revoke all on function practice_private.enter_booking_page(text) from public;
grant execute on function practice_private.enter_booking_page(text) to booking_reader, booking_writer;

-- What the booking page shows: the practice's name, its zone, notice and horizon, the consent text
-- and its version, the intake questions and the services offered (length and price). Anyone may call it.
create function public.booking_page(slug text) returns jsonb
language plpgsql stable security definer set search_path = '' ${RESTORES_CALLER} as $$
declare
  page public.booking_pages := practice_private.enter_booking_page(booking_page.slug);
begin
  return pg_catalog.jsonb_build_object(
    'slug', page.slug,
    'practice_name', coalesce((select setting.value from public.practice_settings as setting
      where setting.therapist_id = page.therapist_id and setting.key = 'practice_name'), page.slug),
    'time_zone', page.time_zone,
    'notice_minutes', page.notice_minutes,
    'horizon_days', page.horizon_days,
    'instant', page.instant,
    'consent', case when page.consent_text is null then null
      else pg_catalog.jsonb_build_object('version', page.consent_version, 'text', page.consent_text) end,
    'questions', page.questions,
    'services', (select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
        'id', offered.id, 'name', offered.name, 'duration_minutes', offered.duration,
        'price', pg_catalog.to_char(offered.price, 'FM9999999990.00')) order by offered.name), '[]'::jsonb)
      from public.service_menu as offered
      where offered.therapist_id = page.therapist_id and offered.active
        and (page.service_ids is null or offered.id = any(page.service_ids))));
end $$;
comment on function public.booking_page(text) is 'The public booking page at slug: practice name, time zone, notice, horizon, consent, questions, services. Anyone may call it.';

-- Where a visit of the service can start, from from_day to to_day (at most ${MAX_DAYS_PER_CALL} days), clipped to
-- the page's notice and horizon: the day, the local time and the instant. Times only. Anyone may call it.
create function public.booking_free_starts(slug text, service_id uuid, from_day date, to_day date)
returns table (day date, start_time text, starts_at timestamptz)
language plpgsql stable security definer set search_path = '' ${RESTORES_CALLER} set jit = off as $$
${FREE_STARTS_PROLOGUE}  return query
    select slot.date, slot.start_time, (slot.date + slot.start_time::time) at time zone page.time_zone
    from public.free_slots(first_day, last_day, visit_minutes, buffer, ${STEP_MINUTES}, earliest) as slot
    order by 1, 2;
end $$;
comment on function public.booking_free_starts(text, uuid, date, date) is 'The free starts of a service on the public booking page at slug, from from_day to to_day (at most ${MAX_DAYS_PER_CALL} days), within notice and horizon. Times only. Anyone may call it.';

${bookingRequestSql('create', MIGRATION_20_BLANK)}
-- The answer a request gets, in one place so that a honeypot's is the same as a real one's.
create function practice_private.booking_answer(booked_status text, starts_at timestamptz, local_start timestamp) returns jsonb
language sql immutable set search_path = '' as $$
  select pg_catalog.jsonb_build_object(
    'status', booked_status,
    'starts_at', pg_catalog.to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
    'message', pg_catalog.format(case booked_status
      when 'scheduled' then 'You are booked for %s. See you then!'
      else 'Thank you: your request for %s is with the practice, which will confirm it by email.' end,
      pg_catalog.to_char(local_start, 'FMDay FMDD FMMonth YYYY "at" HH24:MI')))
$$;
revoke all on function practice_private.booking_answer(text, timestamptz, timestamp) from public;
grant execute on function practice_private.booking_answer(text, timestamptz, timestamp) to booking_writer;

alter function public.booking_page(text) owner to booking_reader;
alter function public.booking_free_starts(text, uuid, date, date) owner to booking_reader;
alter function public.booking_request(text, uuid, timestamptz, text, text, text, jsonb, integer, text) owner to booking_writer;
revoke all on function public.booking_page(text) from public;
revoke all on function public.booking_free_starts(text, uuid, date, date) from public;
revoke all on function public.booking_request(text, uuid, timestamptz, text, text, text, jsonb, integer, text) from public;
grant execute on function public.booking_page(text) to anon, authenticated, service_role;
grant execute on function public.booking_free_starts(text, uuid, date, date) to anon, authenticated, service_role, booking_writer;
grant execute on function public.booking_request(text, uuid, timestamptz, text, text, text, jsonb, integer, text) to anon, authenticated, service_role;
`;
