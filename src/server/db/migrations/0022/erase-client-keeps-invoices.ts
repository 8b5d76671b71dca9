// rpc/erase_client as migration 19 wrote it (0019/erase-client.ts), with invoices and credit notes
// among what the financial period keeps: the kept list names them with their count, date and basis.
import { eraseClientSql } from '../0019/erase-client.js';

export const eraseClientKeepsInvoices = eraseClientSql('create or replace', `,
        (5, 'invoices', (select count(*) from public.invoices i where i.therapist_id = practice and i.client_id = client), financial_until, 'financial')`);
