/**
 * One run of the eTIMS queue: claim the due documents (leased, so a killed run's claim comes back),
 * register each line's item and then the sale or credit note, and record eTIMS's answer or the
 * failure (retried with back-off while eTIMS is unavailable). A resend after a lost answer is the
 * same request with the same number, which eTIMS registers once.
 */
import { z } from 'zod';
import { isTaxTypeCode, KRA_TAX_TYPES, type TaxClass } from '../../../domain/vat.ts';
import { EtimsError, type EtimsClient } from '../_shared/etims/client.ts';
import {
  itemRequest,
  saleRequest,
  type InvoiceLine,
  type Registrar,
  type TaxInvoice,
} from '../_shared/etims/requests.ts';
import type { AdminClient } from '../_shared/supabase-admin.ts';

/** Who eTIMS records as registering the documents. */
const REGISTRAR: Registrar = { id: 'ascent-website', name: 'Ascent website' };
/** KRA's item classification of the institute's courses (vocational training services). */
export const TRAINING_CLASSIFICATION_CODE = '8611150000';

const claimedDocuments = z.array(
  z.object({
    id: z.uuid(),
    kind: z.enum(['tax_invoice', 'credit_note']),
    document_number: z.string(),
    etims_number: z.number().int().positive(),
    credited_etims_number: z.number().int().positive().nullable(),
    issued_at: z.string(),
    buyer: z.object({ pin: z.string().nullable(), name: z.string().nullable(), phone: z.string().nullable() }),
    payment: z.enum(['mobile_money', 'bank_transfer']),
    lines: z
      .array(
        z.object({
          item_code: z.string(),
          title: z.string(),
          quantity: z.number().int().min(1),
          tax_class: z.string().refine(isTaxTypeCode, 'an eTIMS tax type'),
          rate_basis_points: z.number().int().min(0),
          gross_kes: z.number().min(0),
        }),
      )
      .min(1),
  }),
);
type ClaimedDocument = z.infer<typeof claimedDocuments>[number];

export interface RegistrationReport {
  claimed: number;
  registered: number;
  retrying: number;
  failed: number;
}

/** The document as eTIMS's request builder takes it: amounts in KES, as positive amounts. */
export function taxInvoiceOf(document: ClaimedDocument): TaxInvoice {
  const lines: InvoiceLine[] = document.lines.map((line) => {
    const taxClass: TaxClass = {
      code: line.tax_class as TaxClass['code'],
      label: KRA_TAX_TYPES.find((c) => c.code === line.tax_class)?.label ?? line.tax_class,
      rateBasisPoints: line.rate_basis_points,
    };
    const amountCents = Math.round(line.gross_kes * 100);
    return {
      itemCode: line.item_code,
      classificationCode: TRAINING_CLASSIFICATION_CODE,
      name: line.title,
      // A seat's price to the cent, rounded up; the line's amount is what the invoice says, the
      // difference (under a cent a seat) eTIMS's discount on the line.
      unitPrice: Math.ceil(amountCents / line.quantity) / 100,
      amount: amountCents / 100,
      quantity: line.quantity,
      taxClass,
    };
  });
  const credit = document.kind === 'credit_note';
  return {
    kind: credit ? 'credit_note' : 'sale',
    number: document.etims_number,
    printedNumber: document.document_number,
    ...(credit ? { originalNumber: document.credited_etims_number ?? 0, creditNoteReason: '06' as const } : {}),
    issuedAt: new Date(document.issued_at),
    buyer: document.buyer,
    paymentType: document.payment,
    lines,
  };
}

export async function registerDueDocuments(admin: AdminClient, etims: EtimsClient): Promise<RegistrationReport> {
  const { data, error } = await admin.rpc('claim_tax_documents', { batch: 5 });
  if (error) throw new Error(`could not claim tax documents: ${error.message} (${error.code})`);
  const documents = claimedDocuments.parse(data);
  const report: RegistrationReport = { claimed: documents.length, registered: 0, retrying: 0, failed: 0 };
  for (const document of documents) {
    try {
      const invoice = taxInvoiceOf(document);
      for (const line of invoice.lines)
        await etims.saveItem(
          itemRequest(
            {
              itemCode: line.itemCode,
              classificationCode: line.classificationCode,
              name: line.name,
              taxClass: line.taxClass,
              price: line.unitPrice,
            },
            REGISTRAR,
          ),
        );
      const receipt = await etims.registerSale(saleRequest(invoice, REGISTRAR));
      const recorded = await admin.rpc('record_tax_document_registration', { document: document.id, receipt });
      if (recorded.error) throw new Error(`could not record the registration: ${recorded.error.message}`);
      report.registered += 1;
    } catch (failure) {
      const retryable = !(failure instanceof EtimsError) || failure.retryable;
      const message = failure instanceof Error ? failure.message : String(failure);
      const recorded = await admin.rpc('record_tax_document_failure', { document: document.id, message, retryable });
      if (recorded.error) console.error('[register-tax-documents] could not record a failure:', recorded.error.message);
      if (retryable) report.retrying += 1;
      else report.failed += 1;
    }
  }
  return report;
}
