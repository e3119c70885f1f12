/**
 * The kinds of data the download holds (public.my_data's keys), named for people, and each as CSV:
 * one column per field, in the order the rows first name them; nested values (an audit entry's
 * before and after) as JSON text.
 */
import type { CsvColumn } from '../../components/admin/download-csv';

export const dataKinds = {
  orders: 'Orders',
  order_items: 'Order lines',
  order_participants: 'Participants',
  mpesa_payment_attempts: 'M-Pesa payments',
  event_registrations: 'Event registrations',
  enquiries: 'Enquiries',
  newsletter_subscribers: 'Newsletter subscription and consent',
  certificates: 'Certificates',
  tax_documents: 'Tax invoices and credit notes',
  tax_document_lines: 'Tax document lines',
  payment_receipts: 'Payment receipts',
  data_erasure_requests: 'Deletion requests',
  audit_log: 'History of changes (audit log)',
} as const;

export type DataKind = keyof typeof dataKinds;
export type DataRow = Record<string, unknown>;
export type MyData = { email: string; generated_at: string } & Record<DataKind, DataRow[]>;

export const dataKindList = Object.keys(dataKinds) as DataKind[];

function cell(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  return String(value);
}

/** The CSV columns of `rows`: every field any row has. */
export function columnsOf(rows: readonly DataRow[]): CsvColumn<DataRow>[] {
  const names = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return names.map((name) => ({ header: name, value: (row) => cell(row[name]) }));
}

/** The file name of a download: `ascent-my-data-<kind>-2026-11-28.csv`. */
export function dataFileName(kind: DataKind | 'all', extension: 'csv' | 'json', generatedAt: string): string {
  const day = generatedAt.slice(0, 10);
  return kind === 'all'
    ? `ascent-my-data-${day}.${extension}`
    : `ascent-my-data-${kind.replaceAll('_', '-')}-${day}.${extension}`;
}
