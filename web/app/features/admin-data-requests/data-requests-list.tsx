/**
 * /admin/data-requests: the open requests to erase a person's data (Data Protection Act 2019),
 * soonest due first, an overdue one highlighted; "Complete" (confirmed first) erases everything the
 * law allows, keeps paid orders and their invoices for the tax records, and e-mails the person.
 */
import { useState } from 'react';
import { formatDateTime } from '../../lib/staff-time';
import { usePostToRoute } from '../../components/admin/action-result';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import type { DataRequest } from './api/list-data-requests';
import { completeIntent, type CompleteBody } from './data-requests-action';
import { isOverdue } from './due-date';
import './admin-data-requests.css';

export function DataRequestsList({ requests }: { requests: DataRequest[] }) {
  const { post, busy } = usePostToRoute();
  const [confirming, setConfirming] = useState<DataRequest | null>(null);

  async function complete(request: DataRequest) {
    const body: CompleteBody = { intent: completeIntent, id: request.id, email: request.email ?? '' };
    await post(body);
    setConfirming(null);
  }

  return (
    <section>
      <h1>Data requests</h1>
      <p>
        People who asked for the data held about them to be deleted. Complete each request by its due date: everything
        the law allows is erased or anonymised, paid orders and their invoices are kept for the tax records (5 years),
        and the person is told by e-mail.
      </p>
      {requests.length === 0 ? (
        <p>No open requests.</p>
      ) : (
        <div className="data-table">
          <div className="data-table__scroll">
            <table>
              <caption>Open data erasure requests</caption>
              <thead>
                <tr>
                  <th scope="col">E-mail</th>
                  <th scope="col">Requested</th>
                  <th scope="col">Due by</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {requests.map((request) => {
                  const overdue = isOverdue(request.due_by);
                  return (
                    <tr key={request.id} className={overdue ? 'data-request--overdue' : undefined}>
                      <th scope="row">{request.email}</th>
                      <td>{formatDateTime(request.requested_at)}</td>
                      <td>
                        {formatDateTime(request.due_by)}
                        {overdue && <span className="data-request__overdue"> Overdue</span>}
                      </td>
                      <td>
                        <button
                          type="button"
                          className="button button--small button--danger"
                          aria-label={`Complete the request of ${request.email}`}
                          onClick={() => setConfirming(request)}
                        >
                          Complete
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </div>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={`Erase the data of ${confirming?.email ?? ''}?`}
        description="Their account, unpaid orders, registrations, enquiries and newsletter subscription are erased or anonymised; paid orders and invoices are kept. This cannot be undone."
        confirmLabel="Erase and complete"
        busy={busy}
        onConfirm={() => void (confirming && complete(confirming))}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}
