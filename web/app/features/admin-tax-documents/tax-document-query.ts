/**
 * The finance list of tax invoices and credit notes: its page size, sort, filters (eTIMS state,
 * period, buyer's KRA PIN) and the columns read. RLS lets finance (and admin) read them.
 */
import type { ListDefaults } from '../../components/admin/list-params';

export const TAX_DOCUMENTS_PAGE_SIZE = 25;
export const taxDocumentSortColumns = ['issued_at', 'document_number'] as const;
export const taxDocumentListDefaults: ListDefaults = {
  sort: 'issued_at',
  dir: 'desc',
  sortable: taxDocumentSortColumns,
};

export const etimsStatuses = ['awaiting', 'registered', 'failed'] as const;
export type EtimsStatus = (typeof etimsStatuses)[number];

export function isEtimsStatus(value: string | null): value is EtimsStatus {
  return (etimsStatuses as readonly (string | null)[]).includes(value);
}

/** A calendar day typed in a date field (yyyy-mm-dd). */
export function isIsoDay(value: string | null): value is string {
  return value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
}

export const listColumns =
  'id, order_id, kind, document_number, issued_at, currency, total, gross_kes, vat_kes, net_kes, buyer_name, buyer_organisation, buyer_kra_pin, etims_status, etims_attempts, etims_last_error, etims_receipt, orders(reference)';

export const exportColumns = `${listColumns}, credited:credited_document_id(document_number),
  tax_document_lines(tax_class, gross_kes, vat_kes, net_kes)` as const;

export interface TaxDocumentQuery {
  /** The buyer's KRA PIN or a document number, exactly (any letter case). */
  q: string;
  status: EtimsStatus | 'all';
  /** Issued on or after this Nairobi day, and on or before `to`. */
  from: string | 'all';
  to: string | 'all';
  sort: string;
  dir: 'asc' | 'desc';
}

/** A Nairobi calendar day's start as an instant (Kenya has no daylight saving: UTC+3). */
export function nairobiDayStart(day: string): string {
  return `${day}T00:00:00+03:00`;
}

/** The day after `day`, whose start ends the period. */
export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}
