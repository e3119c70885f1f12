/** The roster as CSV: one line per seat, with the order, the buyer and completion. */
import type { CsvColumn } from '../../components/admin/download-csv';
import type { RosterRow } from './api/get-intake-roster';
import { percent } from './roster-format';

export const rosterCsvColumns: CsvColumn<RosterRow>[] = [
  { header: 'Participant', value: (row) => row.full_name },
  { header: 'Participant e-mail', value: (row) => row.email },
  { header: 'Order reference', value: (row) => row.order_reference },
  { header: 'Order status', value: (row) => row.order_status },
  { header: 'Buyer', value: (row) => row.buyer_name },
  { header: 'Buyer e-mail', value: (row) => row.buyer_email },
  { header: 'Organisation', value: (row) => row.organisation },
  { header: 'Days present', value: (row) => row.days_present },
  { header: 'Session days', value: (row) => row.days_total },
  { header: 'Rule', value: (row) => percent(row.min_attendance_share) },
  { header: 'Completed', value: (row) => (row.completed ? 'yes' : 'no') },
  { header: 'Completion set by hand', value: (row) => row.override_reason },
];
