// A client's booking requests (migration 20: the email they came from, the consent agreed, the intake
// answers) in the erasure and the purge: rpc/erase_client takes the email as it takes the client's
// own, and rpc/retention_purge deletes the requests with the appointments they made, which until
// now it could not (their foreign key refused it, failing the purge). Both run as the owner, which
// forced row-level security shows no row without a policy of its own, as the other tables they reach.
import { eraseClientSql } from '../0019/erase-client.js';
import { KEPT_INVOICES } from '../0022/erase-client-keeps-invoices.js';

const KEPT_REQUESTS = `${KEPT_INVOICES},
        (6, 'booking requests', (select count(*) from public.booking_requests r where r.therapist_id = practice and r.client_id = client), clinical_until, 'clinical')`;

export const bookingRequestsErased = `
do $owner$
begin
  execute pg_catalog.format('create policy retention_owner on public.booking_requests for all to %I using (true) with check (true)', current_user);
end $owner$;
${eraseClientSql('create or replace', KEPT_REQUESTS, `a.status = 'requested'`, true, true)}`;
