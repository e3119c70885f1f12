/**
 * /admin/events/:id/registrations: who registered for one event. The counts (confirmed with
 * their seats against the capacity, waitlisted, cancelled, checked in), the confirmed people
 * with a check-in button each (for the day itself), the waitlist in the order it moves up,
 * the cancellations, and a CSV of everyone. Changes toast; failures show in words.
 */
import { Link } from 'react-router';
import { usePostToRoute } from '../../components/admin/action-result';
import { downloadCsv } from '../../components/admin/download-csv';
import { toastSuccess } from '../../components/admin/admin-toast';
import type { AdminEvent, Registration, RegistrationCounts } from './api/get-event-registrations';
import type { CheckInIntent } from './check-in-action';
import { registrationCsvColumns, waitlistPositions } from './registrations-data';
import { formatDateTime } from '../../lib/staff-time';
import './admin-registrations.css';

export function RegistrationsView({
  event,
  counts,
  rows,
}: {
  event: AdminEvent;
  counts: RegistrationCounts;
  rows: Registration[];
}) {
  const { post, busy } = usePostToRoute();
  const positions = waitlistPositions(rows);
  const confirmed = rows.filter((r) => r.status === 'confirmed');
  const waitlisted = rows.filter((r) => r.status === 'waitlisted');
  const cancelled = rows.filter((r) => r.status === 'cancelled');

  function checkIn(row: Registration, checkedIn: boolean) {
    const request: CheckInIntent = { intent: 'check-in', id: row.id, checkedIn };
    return post(request);
  }

  function exportCsv() {
    const day = event.starts_at.slice(0, 10);
    downloadCsv(rows, registrationCsvColumns(positions), `registrations-${day}-${event.id.slice(0, 8)}.csv`);
    void toastSuccess(`Exported ${rows.length} ${rows.length === 1 ? 'registration' : 'registrations'}.`);
  }

  return (
    <article className="registrations" aria-labelledby="registrations-heading">
      <p>
        <Link to={`/admin/events/${event.id}`}>← The event</Link>
      </p>
      <h1 id="registrations-heading">Registrations: {event.title}</h1>
      <p>
        {formatDateTime(event.starts_at)}
        {event.venue ? ` · ${event.venue}` : ''}
      </p>
      <dl className="registrations__counts" aria-label="Counts">
        <div>
          <dt>Confirmed</dt>
          <dd data-testid="count-confirmed">{counts.confirmed}</dd>
          <dd className="registrations__muted">
            {counts.confirmed_seats} {counts.confirmed_seats === 1 ? 'seat' : 'seats'}
            {event.capacity != null ? ` of ${event.capacity}` : ''}
          </dd>
        </div>
        <div>
          <dt>Waitlisted</dt>
          <dd data-testid="count-waitlisted">{counts.waitlisted}</dd>
        </div>
        <div>
          <dt>Cancelled</dt>
          <dd data-testid="count-cancelled">{counts.cancelled}</dd>
        </div>
        <div>
          <dt>Checked in</dt>
          <dd data-testid="count-checked-in">{counts.checked_in}</dd>
        </div>
      </dl>
      <p>
        <button
          type="button"
          className="button button--small button--secondary"
          onClick={exportCsv}
          disabled={rows.length === 0}
        >
          Export CSV
        </button>
      </p>

      <section aria-labelledby="confirmed-heading">
        <h2 id="confirmed-heading">Confirmed</h2>
        {confirmed.length === 0 ? (
          <p>No confirmed registrations yet.</p>
        ) : (
          <div className="data-table__scroll">
            <table className="registrations__table">
              <caption className="visually-hidden">Confirmed registrations</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Organisation</th>
                  <th scope="col">Seats</th>
                  <th scope="col">Registered</th>
                  <th scope="col">Checked in</th>
                  <th scope="col">
                    <span className="visually-hidden">Check-in</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {confirmed.map((row) => (
                  <tr key={row.id}>
                    <td>
                      {row.name}
                      <br />
                      <span className="registrations__muted">{row.email}</span>
                    </td>
                    <td>{row.organisation ?? '—'}</td>
                    <td>{row.seats}</td>
                    <td>{formatDateTime(row.created_at)}</td>
                    <td>{row.checked_in_at ? formatDateTime(row.checked_in_at) : '—'}</td>
                    <td>
                      {row.checked_in_at ? (
                        <button
                          type="button"
                          className="button button--small button--secondary"
                          disabled={busy}
                          onClick={() => void checkIn(row, false)}
                          aria-label={`Undo the check-in of ${row.name}`}
                        >
                          Undo check-in
                        </button>
                      ) : (
                        <button
                          type="button"
                          className="button button--small"
                          disabled={busy}
                          onClick={() => void checkIn(row, true)}
                          aria-label={`Check in ${row.name}`}
                        >
                          Check in
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="waitlist-heading">
        <h2 id="waitlist-heading">Waitlist</h2>
        {waitlisted.length === 0 ? (
          <p>Nobody is waiting.</p>
        ) : (
          <div className="data-table__scroll">
            <table className="registrations__table">
              <caption className="visually-hidden">The waitlist, next to move up first</caption>
              <thead>
                <tr>
                  <th scope="col">Position</th>
                  <th scope="col">Name</th>
                  <th scope="col">Organisation</th>
                  <th scope="col">Seats</th>
                  <th scope="col">Registered</th>
                </tr>
              </thead>
              <tbody>
                {waitlisted.map((row) => (
                  <tr key={row.id}>
                    <td>{positions.get(row.id)}</td>
                    <td>
                      {row.name}
                      <br />
                      <span className="registrations__muted">{row.email}</span>
                    </td>
                    <td>{row.organisation ?? '—'}</td>
                    <td>{row.seats}</td>
                    <td>{formatDateTime(row.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="cancelled-heading">
        <h2 id="cancelled-heading">Cancelled</h2>
        {cancelled.length === 0 ? (
          <p>No cancellations.</p>
        ) : (
          <div className="data-table__scroll">
            <table className="registrations__table">
              <caption className="visually-hidden">Cancelled registrations</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Seats</th>
                  <th scope="col">Registered</th>
                  <th scope="col">Cancelled</th>
                </tr>
              </thead>
              <tbody>
                {cancelled.map((row) => (
                  <tr key={row.id}>
                    <td>
                      {row.name}
                      <br />
                      <span className="registrations__muted">{row.email}</span>
                    </td>
                    <td>{row.seats}</td>
                    <td>{formatDateTime(row.created_at)}</td>
                    <td>{row.cancelled_at ? formatDateTime(row.cancelled_at) : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </article>
  );
}
