/** The registered tax invoice's and credit note's e-mail: subject, words, the order's link and the PDF attached. */
import { describe, expect, it } from 'vitest';
import type { InstituteSettings } from '../_shared/site-settings.ts';
import type { TaxDocumentData } from '../_shared/tax-document-pdf.ts';
import { taxDocumentEmail } from './tax-document-emails.ts';

const settings: InstituteSettings = {
  instituteName: 'Ascent',
  phone: '+254 700 000 000',
  email: 'info@ascent.example',
  address: { street: 'Kiambu Road', area: 'Ridgeways', city: 'Nairobi', country: 'Kenya' },
  bookingsEmail: 'bookings@ascent.example',
  enquiryEmails: {},
  payments: { mpesaPaybill: '522533', kraPin: 'P051234567X', invoiceNote: undefined, bankAccounts: [] },
};

const invoice: TaxDocumentData = {
  kind: 'tax_invoice',
  document_number: 'INV-000042',
  issued_at: '2026-11-24T07:00:00Z',
  order_reference: 'ASC-2026-000042',
  credited_document_number: null,
  reason: null,
  currency: 'KES',
  kes_per_usd: 129.16,
  total: 103000,
  gross_kes: 103000,
  vat_kes: 8965.52,
  net_kes: 94034.48,
  buyer_name: 'Wanjiru <Kamau>',
  buyer_organisation: 'Acme Kenya Ltd',
  buyer_kra_pin: 'P051111111A',
  buyer_address: null,
  etims_status: 'registered',
  etims_receipt: { rcptNo: 7, totRcptNo: 9, intrlData: 'X', rcptSign: 'Y', sdcId: 'KRACU0100000001' },
  lines: [],
};
const token = 'a'.repeat(43);
const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46]);

describe('taxDocumentEmail', () => {
  it('sends the registered tax invoice with its PDF, the control unit receipt and the order link', () => {
    const mail = taxDocumentEmail({ document: invoice, orderToken: token }, settings, 'https://ascent.example', pdf);
    expect(mail.subject).toBe('Tax invoice INV-000042 for your Ascent order ASC-2026-000042');
    expect(mail.text).toContain('Dear Wanjiru <Kamau>,');
    expect(mail.text).toContain(
      'Your tax invoice INV-000042 for order ASC-2026-000042 is attached: KES 103,000.00, of which VAT KES 8,965.52.',
    );
    expect(mail.text).toContain("It is registered with KRA's eTIMS: control unit receipt KRACU0100000001/7.");
    expect(mail.text).toContain(`https://ascent.example/order-confirmation?token=${token}`);
    expect(mail.html).toContain('Dear Wanjiru &#60;Kamau&#62;,');
    expect(mail.attachments).toEqual([
      { filename: 'INV-000042-tax-invoice.pdf', contentType: 'application/pdf', content: pdf },
    ]);
  });

  it('names the invoice a credit note credits', () => {
    const credit: TaxDocumentData = {
      ...invoice,
      kind: 'credit_note',
      document_number: 'CRN-000003',
      credited_document_number: 'INV-000042',
      total: -103000,
      gross_kes: -103000,
      vat_kes: -8965.52,
    };
    const mail = taxDocumentEmail({ document: credit, orderToken: token }, settings, 'https://ascent.example', pdf);
    expect(mail.subject).toBe('Credit note CRN-000003 for your Ascent order ASC-2026-000042');
    expect(mail.text).toContain('it credits tax invoice INV-000042 by KES 103,000.00, of which VAT KES 8,965.52.');
    expect(mail.attachments?.[0]?.filename).toBe('CRN-000003-credit-note.pdf');
  });
});
