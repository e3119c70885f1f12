/** The orders CSV export's columns: one line per order, amounts as plain numbers for spreadsheets. */
import type { CsvColumn } from '../../components/admin/download-csv';
import type { OrderListRow } from './fetch-orders';

export const orderCsvColumns: CsvColumn<OrderListRow>[] = [
  { header: 'Reference', value: (o) => o.reference },
  { header: 'Placed at', value: (o) => o.created_at },
  { header: 'Status', value: (o) => o.status },
  { header: 'Customer', value: (o) => o.customer_name },
  { header: 'E-mail', value: (o) => o.customer_email },
  { header: 'Organisation', value: (o) => o.organisation },
  { header: 'Payment method', value: (o) => o.payment_method },
  { header: 'Currency', value: (o) => o.currency },
  { header: 'Total USD', value: (o) => o.total_usd },
  { header: 'Total KES', value: (o) => o.total_kes },
  { header: 'Payment reference', value: (o) => o.payment_reference },
];
