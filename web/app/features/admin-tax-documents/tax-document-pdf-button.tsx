/** The PDF of a tax invoice or credit note for finance staff: fetched with their session and saved. */
import { useState } from 'react';
import { toastError } from '../../components/admin/admin-toast';
import { describeDbError } from '../../components/admin/describe-db-error';
import { saveBlob } from '../../components/admin/download-csv';
import { downloadTaxDocument } from './api/download-tax-document';

export function TaxDocumentPdfButton({
  document,
}: {
  document: { id: string; kind: string; document_number: string };
}) {
  const [preparing, setPreparing] = useState(false);
  const kind = document.kind === 'credit_note' ? 'credit-note' : 'tax-invoice';
  async function download() {
    setPreparing(true);
    try {
      saveBlob(await downloadTaxDocument({ documentId: document.id }), `${document.document_number}-${kind}.pdf`);
    } catch (error) {
      void toastError(describeDbError(error));
    } finally {
      setPreparing(false);
    }
  }
  const name = document.kind === 'credit_note' ? 'credit note' : 'tax invoice';
  return (
    <button
      type="button"
      className="button button--small button--secondary"
      disabled={preparing}
      aria-label={`PDF of ${name} ${document.document_number}`}
      onClick={() => void download()}
    >
      {preparing ? 'Preparing…' : 'PDF'}
    </button>
  );
}
