// Migration 17 (issue 29): invoices and credit notes. A service carries a tax rate and a billing
// code, a client diagnosis codes; an invoice is numbered without gaps per practice, series and year
// and, once issued, never changes: a credit note naming it cancels it.
import { billingDetails } from './0017/billing-details.js';
import { invoiceRules } from './0017/invoice-rules.js';
import { invoiceTable } from './0017/invoice-table.js';
import { issueInvoice } from './0017/issue-invoice.js';
import type { Migration } from './migration.js';

export const invoices: Migration = {
  version: 17,
  name: 'invoices, credit notes, tax rates and billing codes',
  sql: [billingDetails, invoiceTable, invoiceRules, issueInvoice].join('\n'),
};
