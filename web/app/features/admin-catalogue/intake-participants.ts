/**
 * The participants of one intake for its CSV export: a line per participant (every seat is named
 * at checkout) booked on the intake by an order that is not cancelled, with the order's reference,
 * status and buyer. Staff read these rows under RLS.
 */
import { timeColumn, type CsvColumn } from '../../components/admin/download-csv';
import { getBrowserSupabase } from '../../lib/supabase/browser-client';

async function fetchLines(intakeId: string) {
  const supabase = await getBrowserSupabase();
  const { data, error } = await supabase
    .from('order_items')
    .select(
      `id,
      orders!inner(reference, status, created_at, customer_name, customer_email, customer_phone, organisation),
      order_participants(position, full_name, email)`,
    )
    .eq('intake_id', intakeId)
    .neq('orders.status', 'cancelled')
    .order('created_at');
  if (error) throw error;
  return data;
}

type Line = Awaited<ReturnType<typeof fetchLines>>[number];

export interface ParticipantRow {
  name: string;
  email: string | null;
  order: Line['orders'];
}

/** One row per participant, in booking order, each order's in the order the buyer named them. */
export async function fetchIntakeParticipants(intakeId: string): Promise<ParticipantRow[]> {
  const lines = await fetchLines(intakeId);
  return lines.flatMap((line) =>
    [...line.order_participants]
      .sort((a, b) => a.position - b.position)
      .map((participant) => ({ name: participant.full_name, email: participant.email, order: line.orders })),
  );
}

export const participantCsvColumns: CsvColumn<ParticipantRow>[] = [
  { header: 'Participant', value: (p) => p.name },
  { header: 'Participant e-mail', value: (p) => p.email },
  { header: 'Order reference', value: (p) => p.order.reference },
  { header: 'Order status', value: (p) => p.order.status },
  timeColumn('Ordered at', (p) => p.order.created_at),
  { header: 'Buyer', value: (p) => p.order.customer_name },
  { header: 'Buyer e-mail', value: (p) => p.order.customer_email },
  { header: 'Buyer phone', value: (p) => p.order.customer_phone },
  { header: 'Organisation', value: (p) => p.order.organisation },
];
