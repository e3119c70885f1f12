/** A "PDF" button for finance staff: fetches a document's PDF with their session and saves it. */
import { useState } from 'react';
import { toastError } from '../../components/admin/admin-toast';
import { describeDbError } from '../../components/admin/describe-db-error';
import { saveBlob } from '../../components/admin/download-csv';

export function PdfDownloadButton({
  label,
  fileName,
  load,
}: {
  /** The button's accessible name, e.g. "PDF of tax invoice INV-000001". */
  label: string;
  fileName: string;
  load: () => Promise<Blob>;
}) {
  const [preparing, setPreparing] = useState(false);
  async function download() {
    setPreparing(true);
    try {
      saveBlob(await load(), fileName);
    } catch (error) {
      void toastError(describeDbError(error));
    } finally {
      setPreparing(false);
    }
  }
  return (
    <button
      type="button"
      className="button button--small button--secondary"
      disabled={preparing}
      aria-label={label}
      onClick={() => void download()}
    >
      {preparing ? 'Preparing…' : 'PDF'}
    </button>
  );
}
