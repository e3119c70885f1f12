/** An order's tax invoice and credit notes on its admin page, with their eTIMS state and PDFs (finance only). */
import { formatDateTime } from '../../lib/staff-time';
import type { OrderTaxDocument } from './api/list-order-tax-documents';
import { etimsStatusWords, kindWords } from './tax-document-words';
import { TaxDocumentPdfButton } from './tax-document-pdf-button';

export function OrderTaxDocuments({ documents }: { documents: OrderTaxDocument[] }) {
  if (documents.length === 0) return null;
  return (
    <section aria-labelledby="tax-documents-heading">
      <h2 id="tax-documents-heading">Tax documents</h2>
      <div className="data-table__scroll">
        <table className="data-table">
          <caption className="visually-hidden">The order's tax invoice and credit notes</caption>
          <thead>
            <tr>
              <th scope="col">Document</th>
              <th scope="col">Issued</th>
              <th scope="col">eTIMS</th>
              <th scope="col">PDF</th>
            </tr>
          </thead>
          <tbody>
            {documents.map((document) => (
              <tr key={document.id}>
                <th scope="row">
                  {kindWords[document.kind as keyof typeof kindWords]} {document.document_number}
                </th>
                <td>{formatDateTime(document.issued_at)}</td>
                <td>{etimsStatusWords[document.etims_status as keyof typeof etimsStatusWords]}</td>
                <td>
                  <TaxDocumentPdfButton document={document} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
