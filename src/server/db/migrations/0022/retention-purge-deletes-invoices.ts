// rpc/retention_purge as migration 19 wrote it (0019/retention-purge.ts), with a client's invoices and
// credit notes deleted with the rest of their ledger once its financial period has passed (the
// issued-invoice guard lets that delete through, see invoices-retention.ts).
import { retentionPurgeSql } from '../0019/retention-purge.js';

/** The ledger's invoices and credit notes, purged after its payments and packages. */
export const INVOICES_IN_LEDGER = `\
      -- Credit notes with the invoices they cancel: one statement, so their foreign key holds at its end.
      select pg_catalog.count(*) into n from public.invoices i where i.therapist_id = practice and i.client_id = due.id;
      if n > 0 then
        records := 'invoices'; count := n; purged := purged || pg_catalog.jsonb_build_object(records, n); return next;
        if apply then delete from public.invoices i where i.therapist_id = practice and i.client_id = due.id; end if;
      end if;
`;

export const retentionPurgeDeletesInvoices = retentionPurgeSql('create or replace', INVOICES_IN_LEDGER);
