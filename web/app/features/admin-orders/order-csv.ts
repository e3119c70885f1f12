/**
 * The orders CSV export's columns: one line per order, amounts as plain numbers for spreadsheets,
 * the lines booked and the participants named in a cell each ("; " between them).
 */
import { timeColumn, type CsvColumn } from '../../components/admin/download-csv';
import { formatIntakeDates } from '../../lib/intake-dates';
import type { OrderExportRow } from './fetch-orders';

type Line = OrderExportRow['order_items'][number];

const byPosition = <Item extends { position: number }>(items: readonly Item[]) =>
  [...items].sort((a, b) => a.position - b.position);

/** "Project Management (Mon, 12 – Fri, 16 Jan 2026) × 2". */
function lineText(line: Line): string {
  const intake = line.program_intakes;
  const dates = intake ? ` (${formatIntakeDates(intake.starts_on, intake.ends_on)})` : '';
  return `${line.title}${dates} × ${line.quantity}`;
}

/** "Jane Wanjiru <jane@example.org>" (a participant may have no e-mail). */
function participantText(participant: Line['order_participants'][number]): string {
  return participant.email ? `${participant.full_name} <${participant.email}>` : participant.full_name;
}

export const orderCsvColumns: CsvColumn<OrderExportRow>[] = [
  { header: 'Reference', value: (o) => o.reference },
  timeColumn('Placed at', (o) => o.created_at),
  { header: 'Status', value: (o) => o.status },
  { header: 'Customer', value: (o) => o.customer_name },
  { header: 'E-mail', value: (o) => o.customer_email },
  { header: 'Phone', value: (o) => o.customer_phone },
  { header: 'Organisation', value: (o) => o.organisation },
  { header: 'Lines', value: (o) => byPosition(o.order_items).map(lineText).join('; ') },
  {
    header: 'Participants',
    value: (o) =>
      byPosition(o.order_items)
        .flatMap((line) => byPosition(line.order_participants).map(participantText))
        .join('; '),
  },
  { header: 'Payment method', value: (o) => o.payment_method },
  { header: 'Currency', value: (o) => o.currency },
  { header: 'Total USD', value: (o) => o.total_usd },
  { header: 'Total KES', value: (o) => o.total_kes },
  { header: 'Payment reference', value: (o) => o.payment_reference },
];
