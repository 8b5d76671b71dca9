// What a cash-basis book counts as revenue: money received less money given back, each entry on the
// day it moved (paid_at in the practice's time zone). A void says a payment was recorded by mistake:
// the money never moved, so neither the payment nor its void counts. A refund counts on its own day,
// against the visit or package of the payment it reverses. Pasted into the collected answers' bodies.

const ME = '(select auth.uid())';

/** The zone days are read in: the argument `time_zone`, or the session's. */
const ZONE = `coalesce(time_zone, pg_catalog.current_setting('TimeZone'))`;

/**
 * Rows (day, client_id, appointment_id, package_id, received, refunded) of the entries from day_from
 * to day_to; the bounds become instants so the index on (therapist_id, paid_at) finds them.
 */
export const collectedEntries = `
  select (entry.paid_at at time zone ${ZONE})::date as day, entry.client_id,
    coalesce(reversed.appointment_id, entry.appointment_id) as appointment_id, coalesce(reversed.package_id, entry.package_id) as package_id,
    case when entry.kind = 'payment' then entry.amount else 0 end as received,
    case when entry.kind = 'refund' then entry.amount else 0 end as refunded
  from public.payments as entry
  left join public.payments as reversed on reversed.therapist_id = entry.therapist_id and reversed.id = entry.reverses_id
  where entry.therapist_id = ${ME} and entry.kind <> 'void'
    and entry.paid_at >= (day_from::timestamp at time zone ${ZONE}) and entry.paid_at < ((day_to + 1)::timestamp at time zone ${ZONE})
    and not exists (
      select from public.payments as void
      where void.therapist_id = entry.therapist_id and void.reverses_id = entry.id and void.kind = 'void')`;
