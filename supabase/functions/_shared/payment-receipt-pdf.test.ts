/** The payment receipt PDF read back with pdf.js: its text names the order, payer, method, reference, amounts and balance. */
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../tests/support/pdf-text.ts';
import { NOT_A_TAX_INVOICE } from '../../../domain/payment-receipt.ts';
import { renderPaymentReceiptPdf, type PaymentReceiptData } from './payment-receipt-pdf.ts';
import type { InstituteSettings } from './site-settings.ts';

const settings: InstituteSettings = {
  instituteName: 'Ascent',
  phone: '+254 700 000 000',
  email: 'info@ascent.example',
  address: { street: 'Kiambu Road', area: 'Ridgeways', city: 'Nairobi', country: 'Kenya' },
  bookingsEmail: 'bookings@ascent.example',
  enquiryEmails: {},
  payments: { mpesaPaybill: '522533', kraPin: 'P051234567X', invoiceNote: undefined, bankAccounts: [] },
};

const stk: PaymentReceiptData = {
  document_number: 'RCT-000017',
  issued_at: '2026-11-24T07:00:00Z',
  paid_at: '2026-11-24T06:59:30Z',
  order_reference: 'ASC-2026-000042',
  order_currency: 'USD',
  order_total: 500,
  method: 'mpesa_stk',
  reference: 'SKL4ABCD12',
  currency: 'KES',
  kes_per_usd: 129.16,
  amount: 64580,
  amount_kes: 64580,
  balance: 0,
  balance_kes: 0,
  payer_name: 'Achieng Otieno',
  payer_email: 'achieng@ascent.example',
  payer_organisation: 'Tana Water Services Board',
  payer_phone: '254712000333',
};

describe('renderPaymentReceiptPdf', () => {
  it('prints the order, the payer, the method and M-Pesa receipt number, the amount, the date and the balance left', async () => {
    const text = await pdfText(await renderPaymentReceiptPdf(stk, settings));
    for (const expected of [
      'RECEIPT',
      'Number: RCT-000017',
      'Order: ASC-2026-000042',
      'Tana Water Services Board',
      'Achieng Otieno',
      'Phone: 254712000333',
      'Payment method M-Pesa (prompt on the phone)',
      'M-Pesa receipt number SKL4ABCD12',
      'Paid on 24 Nov 2026',
      'Amount received (KES) KES 64,580.00',
      'Order total (USD) USD 500.00',
      'Balance left on the order (KES) KES 0.00',
      '1 USD = 129.16 KES',
      NOT_A_TAX_INVOICE,
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('of a USD bank transfer shows the USD amount with its KES, and the balance in both', async () => {
    const bank: PaymentReceiptData = {
      ...stk,
      method: 'bank',
      reference: 'FT2633012345',
      currency: 'USD',
      amount: 300,
      amount_kes: 38748,
      balance: 200,
      balance_kes: 25832,
      payer_phone: null,
    };
    const text = await pdfText(await renderPaymentReceiptPdf(bank, settings));
    for (const expected of [
      'Payment method Bank transfer',
      'Bank reference FT2633012345',
      'Amount received (USD) USD 300.00',
      'Amount received (KES) KES 38,748.00',
      'Balance left on the order (USD) USD 200.00',
      'Balance left on the order (KES) KES 25,832.00',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Phone:');
  });
});
