/**
 * One order for its admin page: the order row, its lines with the intake booked and the
 * participants, and the e-mails the outbox holds for it. Staff read all of it under RLS. Null
 * when no order has the id (or the id cannot be one).
 */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';

const orderColumns = `*,
  order_items(id, position, title, unit_price, currency, quantity, line_total, discount_amount, discounted_seats, program_id,
    program_intakes(id, starts_on, ends_on, is_online, venue),
    order_participants(id, position, full_name, email)),
  mail_outbox(id, kind, recipient, status, created_at, sent_at)`;

export const getOrderInput = z.object({ id: z.string() });

export async function getOrder(input: z.input<typeof getOrderInput>) {
  const { id } = getOrderInput.parse(input);
  if (!z.uuid().safeParse(id).success) return null;
  const supabase = await staffSupabase();
  const { data, error } = await supabase
    .from('orders')
    .select(orderColumns)
    .eq('id', id)
    .order('position', { referencedTable: 'order_items' })
    .order('created_at', { referencedTable: 'mail_outbox' })
    .maybeSingle();
  if (error) throw error;
  if (!data) return null;
  const lines = data.order_items.map((item) => ({
    ...item,
    order_participants: [...item.order_participants].sort((a, b) => a.position - b.position),
  }));
  return { ...data, order_items: lines };
}

export type AdminOrder = NonNullable<Awaited<ReturnType<typeof getOrder>>>;
