/** A payment's receipt e-mail: subject, what was received and what is left, the order's link and the PDF attached. */
import { describe, expect, it } from 'vitest';
import { NOT_A_TAX_INVOICE } from '../../../domain/payment-receipt.ts';
import type { PaymentReceiptData } from '../_shared/payment-receipt-pdf.ts';
import type { InstituteSettings } from '../_shared/site-settings.ts';
import { paymentReceiptEmail } from './payment-receipt-emails.ts';

const settings: InstituteSettings = {
  instituteName: 'Ascent',
  phone: '+254 700 000 000',
  email: 'info@ascent.example',
  address: { street: 'Kiambu Road', area: 'Ridgeways', city: 'Nairobi', country: 'Kenya' },
  bookingsEmail: 'bookings@ascent.example',
  enquiryEmails: {},
  payments: { mpesaPaybill: '522533', kraPin: 'P051234567X', invoiceNote: undefined, bankAccounts: [] },
};

const receipt: PaymentReceiptData = {
  document_number: 'RCT-000017',
  issued_at: '2026-11-24T07:00:00Z',
  paid_at: '2026-11-24T06:59:30Z',
  order_reference: 'ASC-2026-000042',
  order_currency: 'KES',
  order_total: 38000,
  method: 'mpesa_stk',
  reference: 'SKL4ABCD12',
  currency: 'KES',
  kes_per_usd: 129.16,
  amount: 38000,
  amount_kes: 38000,
  balance: 0,
  balance_kes: 0,
  payer_name: 'Achieng <Otieno>',
  payer_email: 'achieng@ascent.example',
  payer_organisation: null,
  payer_phone: '254712000333',
};
const token = 'a'.repeat(43);
const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46]);

describe('paymentReceiptEmail', () => {
  it('sends the receipt with its PDF, the amount, the reference, the balance left and the order link', () => {
    const mail = paymentReceiptEmail({ receipt, orderToken: token }, settings, 'https://ascent.example', pdf);
    expect(mail.subject).toBe('Receipt RCT-000017 for your payment on Ascent order ASC-2026-000042');
    expect(mail.text).toContain('Dear Achieng <Otieno>,');
    expect(mail.text).toContain(
      'we received KES 38,000.00 for order ASC-2026-000042 (reference SKL4ABCD12). Your receipt RCT-000017 is attached. Balance left on the order: KES 0.00.',
    );
    expect(mail.text).toContain(NOT_A_TAX_INVOICE);
    expect(mail.text).toContain(`https://ascent.example/order-confirmation?token=${token}`);
    expect(mail.html).toContain('Dear Achieng &#60;Otieno&#62;,');
    expect(mail.attachments).toEqual([
      { filename: 'RCT-000017-receipt.pdf', contentType: 'application/pdf', content: pdf },
    ]);
  });
});
