/**
 * /account/data (issue 28, Data Protection Act 2019): everything the institute holds about the
 * signed-in customer's address, to download as one JSON file or as CSV per kind, and the request
 * to delete it (staff complete it by the due date; paid orders and invoices are kept for the tax
 * records, as the page says).
 */
import { useState } from 'react';
import { downloadCsv, saveBlob } from '../../components/admin/download-csv';
import { formatDate } from '../../lib/staff-time';
import type { OpenRequest } from './api/read-my-data';
import { requestErasure } from './api/request-erasure';
import { columnsOf, dataFileName, dataKindList, dataKinds, type DataKind, type MyData } from './data-kinds';
import { useMyData } from './use-my-data';
import './account-data.css';

function downloadJson(data: MyData) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  saveBlob(blob, dataFileName('all', 'json', data.generated_at));
}

function downloadKind(data: MyData, kind: DataKind) {
  const rows = data[kind];
  downloadCsv(rows, columnsOf(rows), dataFileName(kind, 'csv', data.generated_at));
}

function DownloadSection({ data }: { data: MyData }) {
  return (
    <section aria-labelledby="download-heading">
      <h2 id="download-heading">Download my data</h2>
      <p>
        <button type="button" className="button" onClick={() => downloadJson(data)}>
          Download everything (JSON)
        </button>
      </p>
      <table className="account-data__kinds">
        <caption>Your data by kind, each as a CSV file</caption>
        <thead>
          <tr>
            <th scope="col">Kind</th>
            <th scope="col">Records</th>
            <th scope="col">CSV</th>
          </tr>
        </thead>
        <tbody>
          {dataKindList.map((kind) => (
            <tr key={kind}>
              <th scope="row">{dataKinds[kind]}</th>
              <td>{data[kind].length}</td>
              <td>
                <button
                  type="button"
                  className="button button--small button--secondary"
                  disabled={data[kind].length === 0}
                  aria-label={`Download CSV: ${dataKinds[kind]}`}
                  onClick={() => downloadKind(data, kind)}
                >
                  Download CSV
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function DeleteSection({
  openRequest,
  onRequested,
}: {
  openRequest: OpenRequest | null;
  onRequested: (request: OpenRequest) => void;
}) {
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  async function ask() {
    setSending(true);
    setFailed(false);
    try {
      onRequested(await requestErasure());
    } catch (error) {
      console.error('[account-data] the request failed', error);
      setFailed(true);
    } finally {
      setSending(false);
    }
  }
  return (
    <section aria-labelledby="delete-heading">
      <h2 id="delete-heading">Delete my data</h2>
      {openRequest ? (
        <p role="status">
          We received your request on {formatDate(openRequest.requested_at)} and will complete it by{' '}
          {formatDate(openRequest.due_by)}. We will tell you by e-mail when it is done.
        </p>
      ) : (
        <>
          <p>
            We will delete or anonymise your account, unpaid orders, event registrations, enquiries and newsletter
            subscription. Paid orders and their invoices are kept for five years after the year of payment, as Kenyan
            tax law requires, and then deleted. We tell you by e-mail when it is done.
          </p>
          <button type="button" className="button button--secondary" disabled={sending} onClick={() => void ask()}>
            {sending ? 'Sending…' : 'Delete my data'}
          </button>
        </>
      )}
      {failed && <p role="alert">We could not record your request just now. Please try again in a moment.</p>}
    </section>
  );
}

export function AccountDataPage() {
  const [current, requested] = useMyData();
  return (
    <div className="container account-data">
      <h1>Your data</h1>
      {current.state === 'loading' && <p role="status">Loading…</p>}
      {current.state === 'failed' && (
        <p role="alert">We could not read your data just now. Please reload the page in a moment.</p>
      )}
      {current.state === 'ready' && (
        <>
          <p>
            What Ascent holds about {current.data.email}, and your rights over it under Kenya&rsquo;s Data Protection
            Act 2019.
          </p>
          <DownloadSection data={current.data} />
          <DeleteSection openRequest={current.openRequest} onRequested={requested} />
        </>
      )}
    </div>
  );
}
