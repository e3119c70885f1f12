/**
 * The order document: what private.order_json builds (public.get_order for the visitor with the
 * token, public.order_document for the invoice and the mail worker), parsed and typed. The one
 * schema the order page, the invoice PDF and the order e-mails read an order through.
 */
import { z } from 'zod';
import { CURRENCIES } from './money.ts';
import { TAX_TYPE_CODES, type TaxClass } from './vat.ts';

/** PostgreSQL numerics arrive as numbers or strings: both read as a number. */
const amount = z.coerce.number();
const currency = z.enum(CURRENCIES);

const orderSchema = z.object({
  reference: z.string(),
  // confirmed: staff accepted the booking, payment still awaited; expired: unpaid when its hold ended.
  status: z.enum(['pending', 'confirmed', 'paid', 'cancelled', 'expired']),
  // The status and payment choice in customers' words, from the database (one source).
  status_label: z.string(),
  created_at: z.string(),
  payment_method: z.enum(['invoice', 'mpesa']),
  payment_choice: z.enum(['invoice', 'mpesa_paybill', 'mpesa_express']),
  payment_label: z.string(),
  // Until when a pending order holds its seats (null: no limit, e.g. a seeded row).
  hold_until: z.string().nullable(),
  status_changed_at: z.string().nullable(),
  currency,
  buyer: z.object({
    name: z.string(),
    email: z.string(),
    // orders.customer_phone is nullable (orders made before checkout asked for it, by staff).
    phone: z.string().nullable(),
    organisation: z.string().nullable(),
    po_number: z.string().nullable(),
    // The tax invoice's buyer (issue 29); absent from documents built before it existed.
    kra_pin: z.string().nullable().default(null),
    address: z.string().nullable().default(null),
  }),
  kes_per_usd: amount,
  total_usd: amount,
  total_kes: amount,
  // The voucher (issue 30) and the discount inside the totals; absent from older documents.
  voucher_code: z.string().nullable().default(null),
  discount_usd: amount.default(0),
  discount_kes: amount.default(0),
  mpesa_code: z.string().nullable(),
  mpesa_code_submitted_at: z.string().nullable(),
  lines: z.array(
    z.object({
      program_id: z.string().nullable(),
      program_slug: z.string().nullable(),
      title: z.string(),
      unit_price: amount,
      currency,
      quantity: z.number().int(),
      // After the line's voucher discount (discount_amount, on discounted_seats of its seats).
      line_total: amount,
      discount_amount: amount.default(0),
      discounted_seats: z.number().int().default(0),
      // The line's VAT class as the order keeps it (issue 29); absent from older documents.
      tax_class: z
        .object({ code: z.enum(TAX_TYPE_CODES), label: z.string(), rate_basis_points: z.number().int() })
        .transform((row): TaxClass => ({ code: row.code, label: row.label, rateBasisPoints: row.rate_basis_points }))
        .nullable()
        .default(null),
      intake: z
        .object({
          id: z.string(),
          starts_on: z.string(),
          ends_on: z.string(),
          is_online: z.boolean(),
          venue: z.string().nullable(),
        })
        .nullable(),
      participants: z.array(z.object({ name: z.string(), email: z.string().nullable() })),
    }),
  ),
});

export type OrderDocument = z.infer<typeof orderSchema>;
export type OrderLine = OrderDocument['lines'][number];

/** For the mail worker: the order plus its id and confirmation token. */
const workerOrderSchema = orderSchema.extend({
  id: z.string(),
  token: z.string(),
  // M-Pesa Express (STK push): the receipt of the push that paid it, when Daraja reported one.
  mpesa_receipt: z.string().nullable().default(null),
  paid_at: z.string().nullable().default(null),
});
export type WorkerOrder = z.infer<typeof workerOrderSchema>;

export function parseOrder(value: unknown): OrderDocument {
  return orderSchema.parse(value);
}

export function parseWorkerOrder(value: unknown): WorkerOrder {
  return workerOrderSchema.parse(value);
}
