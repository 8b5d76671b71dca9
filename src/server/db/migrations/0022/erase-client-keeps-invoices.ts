// rpc/erase_client as migration 19 wrote it (0019/erase-client.ts), with invoices and credit notes
// among what the financial period keeps: the kept list names them with their count, date and basis.
import { eraseClientSql } from '../0019/erase-client.js';

/** The kept row of invoices and credit notes, after migration 19's. */
export const KEPT_INVOICES = `,
        (5, 'invoices', (select count(*) from public.invoices i where i.therapist_id = practice and i.client_id = client), financial_until, 'financial')`;

export const eraseClientKeepsInvoices = eraseClientSql('create or replace', KEPT_INVOICES);
