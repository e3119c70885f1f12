/**
 * The dashboard's figures from one staff-only database function (admin_dashboard): this month's
 * orders, revenue, seats and sign-ups, the weekly series, what is coming up and the latest orders.
 * Checked with zod: the function returns JSON, typed by the database as `Json`.
 */
import * as z from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';

const amount = z.coerce.number();

const dashboardJson = z.object({
  month_start: z.string(),
  orders_this_month: z.object({
    count: z.number().int(),
    booked_usd: amount,
    booked_kes: amount,
    paid_usd: amount,
    paid_kes: amount,
    pending: z.number().int(),
  }),
  seats_this_month: z.number().int(),
  subscribers_this_month: z.number().int(),
  weeks: z.array(z.object({ week_start: z.string(), orders: z.number().int(), subscribers: z.number().int() })),
  upcoming_intakes: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      starts_on: z.string(),
      ends_on: z.string(),
      is_online: z.boolean(),
      venue: z.string().nullable(),
      capacity: z.number().int(),
      seats_left: z.number().int(),
      is_published: z.boolean(),
    }),
  ),
  upcoming_events: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      starts_at: z.string(),
      venue: z.string(),
      is_published: z.boolean(),
    }),
  ),
  recent_orders: z.array(
    z.object({
      id: z.string(),
      reference: z.string(),
      customer_name: z.string(),
      organisation: z.string().nullable(),
      status: z.string(),
      currency: z.string(),
      total_usd: amount,
      total_kes: amount,
      created_at: z.string(),
    }),
  ),
  maintenance_active: z.boolean(),
});

export type Dashboard = z.infer<typeof dashboardJson>;

export async function getDashboard(): Promise<Dashboard> {
  const supabase = await staffSupabase();
  const { data, error } = await supabase.rpc('admin_dashboard');
  if (error) throw error;
  return dashboardJson.parse(data);
}
