/**
 * What staff do to an order, each one database function (they check staff and the workflow):
 * change its status, record the payment reference, give a verdict on the customer's M-Pesa code,
 * resend the confirmation e-mail. Each throws the supabase error for describeDbError to word.
 */
import { getBrowserSupabase } from '../../lib/supabase/browser-client';
import type { OrderStatus } from './order-status';

export async function setOrderStatus(orderId: string, status: OrderStatus): Promise<void> {
  const supabase = await getBrowserSupabase();
  const { error } = await supabase.rpc('set_order_status', { order_id: orderId, status });
  if (error) throw error;
}

export type PaymentMethod = 'bank' | 'mpesa';

export async function recordPayment(orderId: string, method: PaymentMethod, reference: string): Promise<void> {
  const supabase = await getBrowserSupabase();
  const { error } = await supabase.rpc('record_order_payment', { order_id: orderId, method, reference });
  if (error) throw error;
}

export async function checkMpesaCode(orderId: string, verdict: 'verified' | 'rejected'): Promise<void> {
  const supabase = await getBrowserSupabase();
  const { error } = await supabase.rpc('check_order_mpesa_code', { order_id: orderId, verdict });
  if (error) throw error;
}

export async function resendConfirmation(orderId: string): Promise<void> {
  const supabase = await getBrowserSupabase();
  const { error } = await supabase.rpc('resend_order_confirmation', { order_id: orderId });
  if (error) throw error;
}

/** Keeps an unpaid order's seats `hours` longer (from now, or from the end of its hold if later). */
export async function extendHold(orderId: string, hours: number): Promise<void> {
  const supabase = await getBrowserSupabase();
  const { error } = await supabase.rpc('extend_order_hold', { order_id: orderId, hours });
  if (error) throw error;
}
