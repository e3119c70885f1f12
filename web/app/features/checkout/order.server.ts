/**
 * An order read back by its confirmation token (get_order, the only way a visitor reads an
 * order), checked with zod and shaped for the confirmation page; and the M-Pesa confirmation code
 * submitted for it. A wrong, malformed or unknown token is simply "no order": nothing revealed.
 */
import { formatMoney } from '../../../../domain/money.ts';
import { parseOrder } from '../../../../domain/order-document.ts';
import { refusalOf } from '../../../../domain/refusal.ts';
import { formatDateTime } from '../../../../domain/dates.ts';
import { lineDiscountText, orderDiscount } from '../../../../domain/voucher-discount.ts';
import { formatIntakeDates, intakePlace } from '../../lib/intake-dates';
import { formatPhone } from '../../lib/phone';
import { serverSupabase } from '../../lib/supabase/server-client.server';
import { vatTotals } from './vat-totals';

/** What create_order hands out: 43 characters of base64url. Anything else is not looked up. */
export const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/** The order as the confirmation page shows it: every amount and date already written out. */
export function orderView(json: unknown) {
  const order = parseOrder(json);
  const vat = vatTotals(
    order.lines.map((line) => ({
      unitPrice: line.unit_price,
      currency: line.currency,
      quantity: line.quantity,
      taxClass: line.tax_class,
      amount: line.line_total,
    })),
  );
  const discount = orderDiscount(order);
  const totalUsd = formatMoney(order.total_usd, 'USD', { cents: true });
  const totalKes = formatMoney(order.total_kes, 'KES', { cents: true });
  /** The VAT inside both totals; null for an order whose lines' classes are unknown. */
  const vatView = vat && {
    usd: formatMoney(vat.usd, 'USD', { cents: true }),
    kes: formatMoney(vat.kes, 'KES', { cents: true }),
  };
  /** The totals list as the page shows it: label, amount, test id; the discount and VAT when known. */
  const totalRows: Array<[label: string, value: string, testId?: string]> = [
    ['Total in USD', totalUsd, 'total-usd'],
    ['Total in KES', totalKes, 'total-kes'],
  ];
  if (discount) totalRows.push([discount.label, `−${discount.usd} / −${discount.kes}`]);
  if (vatView) totalRows.push(['Of which VAT', `${vatView.usd} / ${vatView.kes}`, 'vat-included']);
  return {
    reference: order.reference,
    status: order.status,
    statusLabel: order.status_label,
    placedAt: formatDateTime(order.created_at),
    paymentMethod: order.payment_method,
    paymentChoice: order.payment_choice,
    paymentMethodLabel: order.payment_label,
    heldUntil: order.hold_until ? formatDateTime(order.hold_until) : null,
    statusChangedAt: order.status_changed_at ? formatDateTime(order.status_changed_at) : null,
    // The phone as people read it (+254 712 345 678), written out here like every figure.
    buyer: { ...order.buyer, phone: order.buyer.phone === null ? null : formatPhone(order.buyer.phone) },
    rate: order.kes_per_usd,
    totalUsd,
    totalKes,
    totalRows,
    vat: vatView,
    mpesaCode: order.mpesa_code,
    mpesaCodeAt: order.mpesa_code_submitted_at ? formatDateTime(order.mpesa_code_submitted_at) : null,
    lines: order.lines.map((line) => ({
      title: line.title,
      programSlug: line.program_slug,
      /** "2 seats × $1,250", and the discount when a voucher took some off. */
      detail: [
        `${line.quantity} ${line.quantity === 1 ? 'seat' : 'seats'} × ${formatMoney(line.unit_price, line.currency)}`,
        lineDiscountText(line, order.voucher_code),
      ]
        .filter(Boolean)
        .join('; '),
      lineTotal: formatMoney(line.line_total, line.currency, { cents: true }),
      intake: line.intake
        ? `${formatIntakeDates(line.intake.starts_on, line.intake.ends_on)}, ${intakePlace({ isOnline: line.intake.is_online, venue: line.intake.venue })}`
        : 'Next available intake: we confirm the dates by e-mail',
      participants: line.participants,
    })),
  };
}

export type OrderView = ReturnType<typeof orderView>;

/** The order with this token, or null for a wrong one. Throws when the database cannot be asked. */
export async function readOrder(token: string): Promise<OrderView | null> {
  if (!TOKEN_FORMAT.test(token)) return null;
  const { data, error } = await serverSupabase().rpc('get_order', { token }).abortSignal(AbortSignal.timeout(5_000));
  if (error) {
    console.error('[order] get_order failed:', error.code, error.message);
    throw new Error('Could not read the order');
  }
  return data === null ? null : orderView(data);
}

export type MpesaCodeResult = { ok: true } | { ok: false; message: string };

/** Stores the customer's M-Pesa confirmation code; a refusal comes back as its message. */
export async function submitMpesaCode(token: string, code: string): Promise<MpesaCodeResult> {
  if (!TOKEN_FORMAT.test(token)) return { ok: false, message: 'Order not found.' };
  const { error } = await serverSupabase()
    .rpc('submit_mpesa_code', { token, code })
    .abortSignal(AbortSignal.timeout(5_000));
  if (!error) return { ok: true };
  const refusal = refusalOf(error);
  if (refusal) return { ok: false, message: refusal.message };
  console.error('[order] submit_mpesa_code failed:', error.code, error.message);
  return { ok: false, message: 'We couldn’t save the code just now. Please try again in a moment.' };
}
