// rpc/erase_client as migration 22 left it, declining the client's waiting requests from the booking
// page too: before, an erased client's request kept holding its slot (until its hold lapsed, or for
// ever without one) and waited in `practice appt requests` for an answer nobody could be given.
import { eraseClientSql } from '../0019/erase-client.js';
import { KEPT_INVOICES } from '../0022/erase-client-keeps-invoices.js';

export const eraseDeclinesRequests = eraseClientSql('create or replace', KEPT_INVOICES, `a.status = 'requested'`);
