/**
 * The tax invoice and credit note PDFs read back with pdf.js: their text, and the QR code from the
 * rendered first page, module by module, against the QR encoding of KRA's verification URL.
 */
import { createCanvas } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../tests/support/pdf-text.ts';
import { qrModules } from './certificate-pdf.ts';
import { pageSize } from './invoice-pdf.ts';
import type { InstituteSettings } from './site-settings.ts';
import {
  AWAITING_ETIMS,
  TAX_QR_BOX,
  etimsVerificationUrl,
  renderTaxDocumentPdf,
  taxDocumentFileName,
  type TaxDocumentData,
} from './tax-document-pdf.ts';

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
  currency: 'USD',
  kes_per_usd: 129.5,
  total: 2000,
  gross_kes: 259000,
  vat_kes: 22331.03,
  net_kes: 236668.97,
  buyer_name: 'Wanjirũ Kamau',
  buyer_organisation: 'Acme Kenya Ltd',
  buyer_kra_pin: 'P051111111A',
  buyer_address: 'P.O. Box 100, Nairobi',
  etims_status: 'registered',
  etims_receipt: {
    rcptNo: 7,
    totRcptNo: 9,
    intrlData: 'XHQ4ZLSYC2CIKAA5MQ4KTUSD4I',
    rcptSign: 'OZWQKSWG4E2EFRUH',
    sdcId: 'KRACU0100000001',
    mrcNo: 'WIS01000001',
    sdcDateTime: '20261124100012',
  },
  lines: [
    {
      position: 1,
      title: 'Executive Leadership Programme',
      quantity: 1,
      unit_price: 1200,
      currency: 'USD',
      tax_class: 'B',
      tax_class_label: 'VAT 16 %',
      rate_basis_points: 1600,
      gross_kes: 155400,
      vat_kes: 21434.48,
      net_kes: 133965.52,
    },
    {
      position: 2,
      title: 'Certified Accountancy Revision',
      quantity: 2,
      unit_price: 400,
      currency: 'USD',
      tax_class: 'A',
      tax_class_label: 'Exempt',
      rate_basis_points: 0,
      gross_kes: 103600,
      vat_kes: 0,
      net_kes: 103600,
    },
  ],
};

const verifyUrl = etimsVerificationUrl(
  'https://etims-sbx.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData?Data=',
  'P051234567X',
  '00',
  'OZWQKSWG4E2EFRUH',
);

/** Which modules of the rendered QR code are dark, sampled at each module's centre. */
async function qrModulesOf(bytes: Uint8Array, modules: number): Promise<boolean[][]> {
  const scale = 4;
  const task = getDocument({ data: bytes.slice() });
  const page = await (await task.promise).getPage(1);
  const viewport = page.getViewport({ scale });
  const canvas = createCanvas(viewport.width, viewport.height);
  const context = canvas.getContext('2d');
  await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
  const pixels = context.getImageData(0, 0, viewport.width, viewport.height);
  await task.destroy();
  const module = (TAX_QR_BOX.size / modules) * scale;
  const left = TAX_QR_BOX.x * scale;
  const top = (pageSize[1] - TAX_QR_BOX.y - TAX_QR_BOX.size) * scale;
  return Array.from({ length: modules }, (_, row) =>
    Array.from({ length: modules }, (_, column) => {
      const x = Math.floor(left + (column + 0.5) * module);
      const y = Math.floor(top + (row + 0.5) * module);
      return pixels.data[(y * pixels.width + x) * 4]! < 128;
    }),
  );
}

describe('renderTaxDocumentPdf', () => {
  it('prints the PINs, the lines with their tax class, the VAT totals in KES, the USD total and rate, and the control unit data', async () => {
    const text = await pdfText(await renderTaxDocumentPdf(invoice, settings, verifyUrl));
    for (const expected of [
      'TAX INVOICE',
      'Number: INV-000042',
      'Order: ASC-2026-000042',
      'KRA PIN P051234567X',
      'Acme Kenya Ltd',
      'Wanjiru Kamau',
      'P.O. Box 100, Nairobi',
      'Buyer KRA PIN: P051111111A',
      'Executive Leadership Programme',
      'B VAT 16 %',
      'KES 21,434.48',
      'KES 155,400.00',
      'A Exempt',
      'KES 103,600.00',
      'Amount before VAT KES 236,668.97',
      'VAT KES 22,331.03',
      'Total (KES) KES 259,000.00',
      'Total (USD) USD 2,000.00',
      '1 USD = 129.5 KES',
      'Control unit invoice number: KRACU0100000001/7',
      'Receipt signature: OZWQKSWG4E2EFRUH',
      'Internal data: XHQ4ZLSYC2CIKAA5MQ4KTUSD4I',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain(AWAITING_ETIMS);
  });

  it('says how much of a line a voucher took off (its amount is after the discount)', async () => {
    const discounted = {
      ...invoice,
      lines: [{ ...invoice.lines[0]!, gross_kes: 124320, vat_kes: 17147.59, net_kes: 107172.41, discount_kes: 31080 }],
    };
    const text = await pdfText(await renderTaxDocumentPdf(discounted, settings, verifyUrl));
    expect(text).toContain('Unit price USD 1,200.00, less a voucher discount of KES 31,080.00');
    expect(await pdfText(await renderTaxDocumentPdf(invoice, settings, verifyUrl))).not.toContain('voucher');
  });

  it('draws a QR code of the verification URL, read back from the rendered page', async () => {
    const bytes = await renderTaxDocumentPdf(invoice, settings, verifyUrl);
    const wanted = qrModules(verifyUrl);
    const drawn = await qrModulesOf(bytes, wanted.length);
    expect(drawn).toEqual(wanted);
    expect(drawn).not.toEqual(qrModules(verifyUrl.replace('OZWQ', 'OZWR')));
  });

  it('says it awaits eTIMS, with no control unit data, until the document is registered', async () => {
    const awaiting = { ...invoice, etims_status: 'awaiting' as const, etims_receipt: null };
    const text = await pdfText(await renderTaxDocumentPdf(awaiting, settings, null));
    expect(text).toContain(AWAITING_ETIMS);
    expect(text).not.toContain('Control unit invoice number');
  });

  it('names a credit note as such, with the invoice it credits and why, in negative amounts; KES orders show no USD', async () => {
    const credit: TaxDocumentData = {
      ...invoice,
      kind: 'credit_note',
      document_number: 'CRN-000003',
      credited_document_number: 'INV-000042',
      reason: 'The paid order was cancelled.',
      currency: 'KES',
      total: -1000,
      gross_kes: -1000,
      vat_kes: -137.93,
      net_kes: -862.07,
      etims_status: 'awaiting',
      etims_receipt: null,
      lines: [
        {
          ...invoice.lines[0]!,
          unit_price: 1000,
          currency: 'KES',
          gross_kes: -1000,
          vat_kes: -137.93,
          net_kes: -862.07,
        },
      ],
    };
    const text = await pdfText(await renderTaxDocumentPdf(credit, settings, null));
    for (const expected of [
      'CREDIT NOTE',
      'Number: CRN-000003',
      'Credits tax invoice INV-000042',
      'Reason: The paid order was cancelled.',
      'VAT -KES 137.93',
      'Total (KES) -KES 1,000.00',
      AWAITING_ETIMS,
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Total (USD)');
    expect(taxDocumentFileName(credit)).toBe('CRN-000003-credit-note.pdf');
  });
});
