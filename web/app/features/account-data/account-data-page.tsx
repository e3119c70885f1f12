/**
 * /account/data (issue 28, Data Protection Act 2019): everything the institute holds about the
 * signed-in customer's address, to download as one JSON file or as CSV per kind, and the request
 * to delete it (staff complete it by the due date; paid orders and invoices are kept for the tax
 * records, as the page says).
 */
import { Form, useNavigation } from 'react-router';
import { downloadCsv, saveBlob } from '../../components/admin/download-csv';
import { formatDate } from '../../lib/staff-time';
import type { OpenRequest } from './api/read-my-data';
import { columnsOf, dataFileName, dataKindList, dataKinds, type DataKind, type MyData } from './data-kinds';
import './account-data.css';

function downloadJson(data: MyData) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  saveBlob(blob, dataFileName('all', 'json', data.generated_at));
}

function downloadKind(data: MyData, kind: DataKind) {
  const rows = data[kind];
  downloadCsv(rows, columnsOf(rows), dataFileName(kind, 'csv', data.generated_at));
}

export function AccountDataPage({
  data,
  openRequest,
  error,
}: {
  data: MyData;
  openRequest: OpenRequest | null;
  error?: string;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting';
  return (
    <div className="container account-data">
      <h1>Your data</h1>
      <p>What Ascent holds about {data.email}, and your rights over it under Kenya&rsquo;s Data Protection Act 2019.</p>
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
                    aria-label={`Download ${dataKinds[kind]} as CSV`}
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
            <Form method="post">
              <button type="submit" className="button button--danger" disabled={submitting}>
                {submitting ? 'Sending…' : 'Delete my data'}
              </button>
            </Form>
          </>
        )}
        {error && <p role="alert">{error}</p>}
      </section>
    </div>
  );
}
