// rpc/erase_client as migration 26 left it, answering `name_and_contact` as whether the client still
// had a name, contact or notes to remove: a second erasure said they went again, where nothing of them
// was left (any client reads it: the CLI, the MCP tools, a web app).
import { eraseClientSql } from '../0019/erase-client.js';
import { KEPT_INVOICES } from '../0022/erase-client-keeps-invoices.js';

export const eraseTellsWhatWasLeft = eraseClientSql('create or replace', KEPT_INVOICES, `a.status = 'requested'`, true);
