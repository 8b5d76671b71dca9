// Who may touch the money tables, and the one rule of the ledger a constraint cannot state. Both
// tables take inserts only: without UPDATE and DELETE privileges those fail with 42501 (403), so a
// recorded sale or payment stays as it was, and a mistake is corrected by a new entry.

const access = (table: string) => `
alter table public.${table} enable row level security;
create policy own_practice on public.${table} for all to authenticated
  using (therapist_id = (select auth.uid()))
  with check (therapist_id = (select auth.uid()));
revoke all on public.${table} from anon, authenticated, service_role;
grant select on public.${table} to anon;
grant select, insert on public.${table} to authenticated;
grant all on public.${table} to service_role;`;

// A refund gives back at most what is left of the payment it names; a void reverses a payment that
// nothing has reversed yet, whole. Reversals of one payment are serialised by an advisory lock on it
// (a row lock would need the UPDATE privilege nobody has), so two refunds racing cannot together
// exceed it. The entry reversed is read as the caller, so another practice's payment is not found.
const reversalCheck = `
create function practice_private.check_reversal() returns trigger
language plpgsql set search_path = '' as $$
declare
  reversed public.payments;
  already numeric;
begin
  perform pg_advisory_xact_lock(hashtextextended(new.therapist_id::text || new.reverses_id::text, 0));
  select * into reversed from public.payments
    where therapist_id = new.therapist_id and id = new.reverses_id and client_id = new.client_id;
  -- A missing payment, or one of another client, is the foreign key's to report.
  if not found then
    return new;
  end if;
  if reversed.kind <> 'payment' then
    raise exception using
      errcode = 'check_violation',
      message = format('Payment %s is a %s, which cannot be reversed', reversed.id, reversed.kind),
      hint = 'Name the payment itself: a refund or void is final.';
  end if;
  select coalesce(sum(amount), 0) into already from public.payments
    where therapist_id = new.therapist_id and reverses_id = new.reverses_id;
  if new.kind = 'void' and (already > 0 or new.amount <> reversed.amount) then
    raise exception using
      errcode = 'check_violation',
      message = format('Cannot void payment %s: %s', reversed.id,
        case when already > 0 then format('%s of it was already refunded or voided', already)
          else format('a void reverses the whole %s, not %s', reversed.amount, new.amount) end),
      hint = 'Refund what is left instead, or void with the payment''s whole amount.';
  end if;
  if new.kind = 'refund' and new.amount > reversed.amount - already then
    raise exception using
      errcode = 'check_violation',
      message = format('Cannot refund %s of payment %s: only %s of its %s is left', new.amount, reversed.id,
        reversed.amount - already, reversed.amount),
      hint = 'Refund at most what is left of the payment.';
  end if;
  return new;
end $$;
create trigger check_reversal before insert on public.payments
  for each row when (new.reverses_id is not null)
  execute function practice_private.check_reversal();
`;

export const ledgerRules = `${access('packages')}
${access('payments')}
${reversalCheck}`;
