/**
 * The participants of an intake, one row per seat: name and e-mail, the order (a link), its
 * status, the buyer and organisation, attendance and completion; per row "Change" (name and
 * e-mail) and "Completion…" (an override with a reason). The CSV has the same rows. Seats
 * still to be named by their buyer (a quote's order) follow, one row each, until named.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { CsvExportButton } from '../../components/admin/csv-export-button';
import { listRoster, type RosterRow, type UnnamedSeats } from './api/get-intake-roster';
import { OverrideDialog } from './override-dialog';
import { ParticipantDialog } from './participant-dialog';
import { rosterCsvColumns } from './roster-csv';

export function RosterTable({
  intakeId,
  fileStem,
  participants,
  unnamedSeats,
  orderStatusLabel,
}: {
  intakeId: string;
  fileStem: string;
  participants: RosterRow[];
  unnamedSeats: UnnamedSeats[];
  orderStatusLabel: (status: string) => string;
}) {
  const unnamed = unnamedSeats.reduce((sum, order) => sum + order.seats, 0);
  const [renaming, setRenaming] = useState<RosterRow | null>(null);
  const [deciding, setDeciding] = useState<RosterRow | null>(null);
  return (
    <section aria-labelledby="participants-heading" className="admin-roster__section">
      <div className="admin-roster__heading-row">
        <h2 id="participants-heading">
          Participants ({participants.length}
          {unnamed > 0 && `, and ${unnamed} ${unnamed === 1 ? 'seat' : 'seats'} to be named`})
        </h2>
        <CsvExportButton
          fetchRows={() => listRoster({ intakeId })}
          columns={rosterCsvColumns}
          fileStem={fileStem}
          noun={['participant', 'participants']}
          label="Roster (CSV)"
        />
      </div>
      {participants.length + unnamed === 0 ? (
        <p>No participants yet: seats of orders that are not cancelled or expired appear here.</p>
      ) : (
        <div className="data-table__scroll">
          <table className="data-table">
            <caption className="visually-hidden">Participants, one per seat</caption>
            <thead>
              <tr>
                <th scope="col">Participant</th>
                <th scope="col">Order</th>
                <th scope="col">Buyer</th>
                <th scope="col">Organisation</th>
                <th scope="col">Attendance</th>
                <th scope="col">Completed</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {participants.map((row) => (
                <tr key={row.participant_id}>
                  <th scope="row">
                    {row.full_name}
                    {row.email && <span className="admin-roster__sub">{row.email}</span>}
                  </th>
                  <td>
                    <Link to={`/admin/orders/${row.order_id}`}>{row.order_reference}</Link>
                    <span className="admin-roster__sub">{orderStatusLabel(row.order_status)}</span>
                  </td>
                  <td>
                    {row.buyer_name}
                    <span className="admin-roster__sub">{row.buyer_email}</span>
                  </td>
                  <td>{row.organisation ?? '—'}</td>
                  <td>
                    {row.days_present} of {row.days_total}
                  </td>
                  <td>
                    {row.completed ? 'Yes' : 'No'}
                    {row.override_completed !== null && row.override_completed !== undefined ? (
                      <span className="admin-roster__sub">
                        Set by hand{row.override_by_email ? ` by ${row.override_by_email}` : ''}: {row.override_reason}
                      </span>
                    ) : (
                      <span className="admin-roster__sub">
                        {row.rule_holds ? 'Attendance enough' : 'Attendance below the rule'}
                        {row.order_status === 'paid' ? '' : ', not paid'}
                      </span>
                    )}
                  </td>
                  <td>
                    <div className="row-actions">
                      <button
                        type="button"
                        className="button button--small button--secondary"
                        aria-label={`Change the participant ${row.full_name}`}
                        onClick={() => setRenaming(row)}
                      >
                        Change
                      </button>
                      <button
                        type="button"
                        className="button button--small button--secondary"
                        aria-label={`Completion of ${row.full_name}`}
                        onClick={() => setDeciding(row)}
                      >
                        Completion
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
              {unnamedSeats.map((seat) => (
                <tr key={`unnamed-${seat.order_id}`}>
                  <th scope="row">
                    {seat.seats === 1 ? '1 unnamed seat' : `${seat.seats} unnamed seats`}
                    <span className="admin-roster__sub">To be named by the buyer</span>
                  </th>
                  <td>
                    <Link to={`/admin/orders/${seat.order_id}`}>{seat.order_reference}</Link>
                    <span className="admin-roster__sub">{orderStatusLabel(seat.order_status)}</span>
                  </td>
                  <td>
                    {seat.buyer_name}
                    <span className="admin-roster__sub">{seat.buyer_email}</span>
                  </td>
                  <td>{seat.organisation ?? '—'}</td>
                  <td>—</td>
                  <td>—</td>
                  <td />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {renaming && <ParticipantDialog participant={renaming} onClose={() => setRenaming(null)} />}
      {deciding && <OverrideDialog participant={deciding} onClose={() => setDeciding(null)} />}
    </section>
  );
}
