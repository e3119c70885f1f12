/** The invoice PDF read back with pdf.js: every part printed, long orders paginated, any name printable. */
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../tests/support/pdf-text.ts';
import { renderInvoicePdf, toWinAnsi } from './invoice-pdf.ts';
import type { OrderDocument } from '../../../domain/order-document.ts';
import type { InstituteSettings } from './site-settings.ts';

const settings: InstituteSettings = {
  instituteName: 'Ascent',
  phone: '+254 700 000 000',
  email: 'info@ascent.example',
  address: { street: 'Kiambu Road', area: 'Ridgeways', city: 'Nairobi', country: 'Kenya' },
  bookingsEmail: 'bookings@ascent.example',
  enquiryEmails: {},
  payments: {
    mpesaPaybill: '522533',
    kraPin: 'P051234567X',
    invoiceNote: 'Valid for 30 days.',
    bankAccounts: [
      {
        currency: 'KES',
        bankName: 'Test Bank',
        branch: 'Westlands',
        accountName: 'Ascent Ltd',
        accountNumber: '111222333',
        swiftCode: undefined,
      },
    ],
  },
};

function order(lines: number, buyer = 'Wanjirũ Kamau'): OrderDocument {
  return {
    reference: 'ASC-2026-000042',
    status: 'pending',
    status_label: 'Awaiting payment',
    created_at: '2026-11-24T07:00:00Z',
    payment_method: 'invoice',
    payment_choice: 'invoice',
    payment_label: 'Invoice / bank transfer',
    hold_until: '2026-11-27T07:00:00Z',
    status_changed_at: null,
    currency: 'USD',
    buyer: {
      name: buyer,
      email: 'w@example.com',
      phone: '+254712345678',
      organisation: null,
      po_number: null,
      kra_pin: null,
      address: null,
    },
    kes_per_usd: 129.16,
    total_usd: 100 * lines,
    total_kes: 12916 * lines,
    voucher_code: null,
    discount_usd: 0,
    discount_kes: 0,
    mpesa_code: null,
    mpesa_code_submitted_at: null,
    lines: Array.from({ length: lines }, (_, i) => ({
      program_id: null,
      program_slug: null,
      title: `Program number ${i + 1} with a title long enough to need wrapping on the invoice page`,
      unit_price: 100,
      regular_unit_price: null,
      early_bird_until: null,
      currency: 'USD' as const,
      quantity: 1,
      line_total: 100,
      discount_amount: 0,
      discounted_seats: 0,
      tax_class: null,
      intake: null,
      participants: [{ name: `Person ${i + 1}`, email: null }],
    })),
  };
}

describe('renderInvoicePdf', () => {
  it('prints the institute, the buyer, the lines, both totals, the rate and the bank details', async () => {
    const text = await pdfText(await renderInvoicePdf(order(1), settings));
    for (const expected of [
      'Ascent',
      'KRA PIN P051234567X',
      'PRO-FORMA INVOICE',
      'Reference: ASC-2026-000042',
      'Status: Awaiting payment',
      'Payment: Invoice / bank transfer',
      'Wanjiru Kamau',
      'Next available intake (dates to be confirmed)',
      'Total (USD) USD 100.00',
      'Total (KES) KES 12,916.00',
      '1 USD = 129.16 KES',
      'Test Bank, Westlands branch',
      'Account number: 111222333',
      'Valid for 30 days.',
    ])
      expect(text).toContain(expected);
    // Invoice orders get no M-Pesa instructions.
    expect(text).not.toContain('Paybill');
  });

  it('prints a voucher’s discount on its line and above the totals, which are after it', async () => {
    const discounted = order(1);
    discounted.voucher_code = 'SPRING20';
    discounted.discount_usd = 20;
    discounted.discount_kes = 2583.2;
    discounted.total_usd = 80;
    discounted.total_kes = 10332.8;
    discounted.lines[0] = { ...discounted.lines[0]!, discount_amount: 20, discounted_seats: 1, line_total: 80 };
    const text = await pdfText(await renderInvoicePdf(discounted, settings));
    for (const expected of [
      'USD 20.00 off with code SPRING20 (1 seat)',
      'Discount (USD) -USD 20.00',
      'Discount (KES) -KES 2,583.20',
      'Total (USD) USD 80.00',
    ])
      expect(text).toContain(expected);
    expect(await pdfText(await renderInvoicePdf(order(1), settings))).not.toContain('Discount');
  });

  it('prints an early-bird line with the regular price beside it, and its voucher discount after', async () => {
    const early = order(1);
    early.lines[0] = {
      ...early.lines[0]!,
      unit_price: 1000,
      regular_unit_price: 1250,
      early_bird_until: '2027-02-01T20:59:00Z',
      line_total: 800,
      discount_amount: 200,
      discounted_seats: 1,
    };
    early.voucher_code = 'SPRING20';
    // The note wraps within its column: compare with line breaks as spaces.
    const text = (await pdfText(await renderInvoicePdf(early, settings))).replace(/\s+/g, ' ');
    expect(text).toContain('Early-bird price (regular USD 1,250); USD 200.00 off with code SPRING20 (1 seat)');
    expect(text).toContain('USD 1,000.00');
    expect(await pdfText(await renderInvoicePdf(order(1), settings))).not.toContain('Early-bird');
  });

  it('prints an order without a phone (orders.customer_phone may be null) without "null"', async () => {
    const phoneless = order(1);
    phoneless.buyer.phone = null;
    const text = await pdfText(await renderInvoicePdf(phoneless, settings));
    expect(text).toContain('w@example.com');
    expect(text).not.toContain('null');
  });

  it('continues on further pages when the lines do not fit on one', async () => {
    const text = await pdfText(await renderInvoicePdf(order(30), settings));
    expect(text).toContain('Person 1 ');
    expect(text).toContain('Person 30');
    expect(text).toContain('Valid for 30 days.');
  });

  it('prints names outside the standard fonts without failing', async () => {
    const text = await pdfText(await renderInvoicePdf(order(1, 'Zoë Ñandú “Ace” 王'), settings));
    expect(text).toContain('Zoe Nandu "Ace" ?');
    expect(toWinAnsi('Müller – ﬁne')).toBe('Muller - fine');
  });
});
