/** An order's tax invoice and credit notes, each a PDF download with its eTIMS state (issue 29). */
import type { TaxDocumentLink } from './tax-document-label';

export function TaxDocumentLinks({ documents }: { documents: TaxDocumentLink[] }) {
  if (documents.length === 0) return null;
  return (
    <section aria-labelledby="tax-documents-heading" className="tax-document-links">
      <h2 id="tax-documents-heading">Tax documents</h2>
      <ul>
        {documents.map((document) => (
          <li key={document.id}>
            <a href={document.href} download>
              {document.label}
            </a>{' '}
            <span>({document.status})</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
