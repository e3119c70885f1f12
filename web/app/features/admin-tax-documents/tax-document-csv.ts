/**
 * The accountant's CSV of tax invoices and credit notes: one line per document in the order issued,
 * amounts in KES (the reporting currency) as plain numbers, the VAT split per KRA taxation type
 * (the sums of the document's lines, as on the document and in eTIMS), and the eTIMS state.
 */
import { timeColumn, type CsvColumn } from '../../components/admin/download-csv';
import { fromCents, KRA_TAX_TYPES, toCents } from '../../../../domain/vat.ts';
import type { TaxDocumentExportRow } from './api/list-tax-documents';
import { etimsStatusWords, kindWords } from './tax-document-words';

type Part = 'net_kes' | 'vat_kes';

/** The sum of the document's lines of one taxation type, to the cent. */
function classSum(row: TaxDocumentExportRow, code: string, part: Part): number {
  const cents = row.tax_document_lines
    .filter((line) => line.tax_class === code)
    .reduce((sum, line) => sum + toCents(line[part]), 0);
  return fromCents(cents);
}

const perClass: CsvColumn<TaxDocumentExportRow>[] = KRA_TAX_TYPES.flatMap((taxClass) => [
  {
    header: `Net ${taxClass.code} (${taxClass.label}) KES`,
    value: (row: TaxDocumentExportRow) => classSum(row, taxClass.code, 'net_kes'),
  },
  {
    header: `VAT ${taxClass.code} (${taxClass.label}) KES`,
    value: (row: TaxDocumentExportRow) => classSum(row, taxClass.code, 'vat_kes'),
  },
]);

function receiptNumber(row: TaxDocumentExportRow): string {
  const receipt = row.etims_receipt as { rcptNo?: number; sdcId?: string } | null;
  if (!receipt?.rcptNo) return '';
  return receipt.sdcId ? `${receipt.sdcId}/${receipt.rcptNo}` : String(receipt.rcptNo);
}

export const taxDocumentCsvColumns: CsvColumn<TaxDocumentExportRow>[] = [
  { header: 'Number', value: (row) => row.document_number },
  { header: 'Kind', value: (row) => kindWords[row.kind as keyof typeof kindWords] ?? row.kind },
  timeColumn('Issued at', (row) => row.issued_at),
  { header: 'Credits invoice', value: (row) => row.credited?.document_number ?? '' },
  { header: 'Order', value: (row) => row.orders?.reference ?? '' },
  { header: 'Buyer', value: (row) => row.buyer_name },
  { header: 'Organisation', value: (row) => row.buyer_organisation },
  { header: 'Buyer KRA PIN', value: (row) => row.buyer_kra_pin },
  { header: 'Currency', value: (row) => row.currency },
  { header: 'Total in currency', value: (row) => row.total },
  { header: 'Total KES', value: (row) => row.gross_kes },
  { header: 'Net KES', value: (row) => row.net_kes },
  { header: 'VAT KES', value: (row) => row.vat_kes },
  ...perClass,
  {
    header: 'eTIMS',
    value: (row) => etimsStatusWords[row.etims_status as keyof typeof etimsStatusWords] ?? row.etims_status,
  },
  { header: 'Control unit receipt', value: receiptNumber },
  { header: 'eTIMS error', value: (row) => row.etims_last_error },
];
