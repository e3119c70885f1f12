/** The PDF of a tax invoice or credit note for finance staff: fetched with their session and saved. */
import { downloadTaxDocument } from './api/download-tax-document';
import { PdfDownloadButton } from './pdf-download-button';

export function TaxDocumentPdfButton({
  document,
}: {
  document: { id: string; kind: string; document_number: string };
}) {
  const kind = document.kind === 'credit_note' ? 'credit-note' : 'tax-invoice';
  const name = document.kind === 'credit_note' ? 'credit note' : 'tax invoice';
  return (
    <PdfDownloadButton
      label={`PDF of ${name} ${document.document_number}`}
      fileName={`${document.document_number}-${kind}.pdf`}
      load={() => downloadTaxDocument({ documentId: document.id })}
    />
  );
}
