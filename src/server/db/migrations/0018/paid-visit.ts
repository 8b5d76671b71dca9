// `appt complete ID --paid card` as SQL: the visit is completed and its price recorded as a payment
// in one transaction, or neither. Nothing is recorded when a package covers the visit, when it has no
// price, or for what payments naming it (less their refunds) have already paid; only the rest is.
// Who may call it: the signed-in practice, on its own appointments (security invoker: row-level
// security and the appointment and ledger rules apply as to any write of the caller).
export const paidVisitFunction = `
create function public.complete_paid_visit(visit_id uuid, method text, paid_at timestamptz default now())
returns table (appointment_id uuid, payment_id uuid, amount numeric, package_id uuid, paid_before numeric)
language plpgsql volatile security invoker set search_path = '' as $$
declare
  visit public.appointments;
begin
  select * into visit from public.appointments as a where a.therapist_id = auth.uid() and a.id = visit_id;
  if not found then
    raise exception using errcode = 'PT404', message = format('No appointment has the id %s', visit_id),
      hint = 'Name one of the practice''s appointments.';
  end if;
  if visit.status = 'completed' then
    raise exception using errcode = 'PT409', message = format('Appointment %s is already completed', visit_id),
      hint = 'Record its payment on its own: POST payments with its appointment_id.';
  end if;
  -- The status rules (migration 1 and later) decide whether it may be completed.
  update public.appointments as a set status = 'completed' where a.therapist_id = visit.therapist_id and a.id = visit.id;
  appointment_id := visit.id;
  select draw.package_id into package_id from public.package_draws(visit.client_id) as draw where draw.appointment_id = visit.id;
  select coalesce(sum(case entry.kind when 'payment' then entry.amount else -entry.amount end), 0) into paid_before
  from public.payments as entry
  left join public.payments as reversed on reversed.therapist_id = entry.therapist_id and reversed.id = entry.reverses_id
  where entry.therapist_id = visit.therapist_id and coalesce(reversed.appointment_id, entry.appointment_id) = visit.id;
  amount := case when package_id is null then greatest(coalesce(visit.price, 0) - paid_before, 0) else 0 end;
  if amount > 0 then
    insert into public.payments (therapist_id, client_id, appointment_id, amount, method, paid_at)
    values (visit.therapist_id, visit.client_id, visit.id, amount, method, complete_paid_visit.paid_at)
    returning id into payment_id;
  end if;
  return next;
end $$;
comment on function public.complete_paid_visit(uuid, text, timestamptz) is 'Completes an appointment and records its kept price, less what payments naming it already paid, as a payment by method at paid_at, in one transaction; records nothing when a package covers it. Practice only.';
`;
