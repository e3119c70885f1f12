/**
 * The certificates of an intake, on its roster page: issue to everyone who completed and has none
 * yet (or to one), the hours to print, and per certificate its code, state, the PDF, Re-issue
 * (a corrected name) and Revoke (with a reason). Programmes staff write; the database refuses
 * others in words.
 */
import { useState } from 'react';
import { usePostToRoute } from '../../components/admin/action-result';
import { toastError } from '../../components/admin/admin-toast';
import { describeDbError } from '../../components/admin/describe-db-error';
import { saveBlob } from '../../components/admin/download-csv';
import { FormField } from '../../components/ui/form-field';
import { formatCalendarDate } from '../../lib/staff-time';
import { formatCertificateCode } from '../../../../domain/certificate-code.ts';
import { downloadCertificate } from './api/download-certificate';
import { certificateHours } from './api/issue-certificates';
import type { IntakeCertificate } from './api/list-intake-certificates';
import { ReissueDialog } from './reissue-dialog';
import { RevokeDialog } from './revoke-dialog';

/** What the section needs of a roster row. */
export interface CertificateCandidate {
  participant_id: string;
  full_name: string;
  completed: boolean;
}

const dateOf = (timestamp: string) => formatCalendarDate(timestamp.slice(0, 10));

export function CertificatesSection({
  participants,
  certificates,
}: {
  participants: CertificateCandidate[];
  certificates: IntakeCertificate[];
}) {
  const { post, busy, pendingIntent } = usePostToRoute();
  const [hours, setHours] = useState('');
  const [hoursError, setHoursError] = useState<string | undefined>();
  const [reissuing, setReissuing] = useState<IntakeCertificate | null>(null);
  const [revoking, setRevoking] = useState<IntakeCertificate | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);

  const byParticipant = new Map(certificates.map((certificate) => [certificate.participant_id, certificate]));
  const waiting = participants.filter((row) => row.completed && !byParticipant.has(row.participant_id));

  /** The hours to print, or undefined (and the field's error shown) when they are not valid. */
  function checkedHours(): { hours: number | null } | undefined {
    const typed = hours.trim();
    const checked = certificateHours.safeParse(typed === '' ? null : Number(typed));
    setHoursError(checked.success ? undefined : checked.error.issues[0]?.message);
    return checked.success ? { hours: checked.data } : undefined;
  }

  function issueAll(event: React.FormEvent) {
    event.preventDefault();
    const checked = checkedHours();
    if (checked) void post({ intent: 'issue-all', ...checked });
  }

  function issueOne(row: CertificateCandidate) {
    const checked = checkedHours();
    if (checked) void post({ intent: 'issue-one', participantId: row.participant_id, who: row.full_name, ...checked });
  }

  async function download(certificate: IntakeCertificate) {
    setDownloading(certificate.id);
    try {
      const pdf = await downloadCertificate({ certificateId: certificate.id });
      saveBlob(pdf, `certificate-${formatCertificateCode(certificate.code)}.pdf`);
    } catch (error) {
      void toastError(describeDbError(error));
    } finally {
      setDownloading(null);
    }
  }

  const unlisted = certificates.filter(
    (certificate) => !participants.some((row) => row.participant_id === certificate.participant_id),
  );
  const rows = [
    ...participants.map((row) => ({
      key: row.participant_id,
      row,
      certificate: byParticipant.get(row.participant_id),
    })),
    ...unlisted.map((certificate) => ({ key: certificate.participant_id, row: undefined, certificate })),
  ];
  const issuedCount = certificates.filter((certificate) => !certificate.revoked_at).length;

  return (
    <section aria-labelledby="certificates-heading" className="admin-roster__section">
      <h2 id="certificates-heading">Certificates ({issuedCount} issued)</h2>
      <p>
        Participants who completed get a certificate, e-mailed with its PDF once (to them, or to the buyer when no
        e-mail was given for them).{' '}
        {waiting.length === 0
          ? 'Everyone who completed has one.'
          : `${waiting.length} ${waiting.length === 1 ? 'participant has' : 'participants have'} completed without one.`}
      </p>
      <form className="admin-form admin-roster__inline-form" noValidate onSubmit={issueAll}>
        <FormField label="Hours to print" error={hoursError} hint="Optional: the program's hours, from 1 to 2000.">
          {(control) => (
            <input
              {...control}
              className="field__input"
              inputMode="numeric"
              value={hours}
              onChange={(event) => setHours(event.target.value)}
            />
          )}
        </FormField>
        <div className="admin-form__actions">
          <button type="submit" className="button" disabled={busy || waiting.length === 0}>
            {pendingIntent === 'issue-all' ? 'Issuing…' : `Issue certificates to all who completed (${waiting.length})`}
          </button>
        </div>
      </form>
      {rows.length > 0 && (
        <div className="data-table__scroll">
          <table className="data-table">
            <caption className="visually-hidden">Certificates, one per participant</caption>
            <thead>
              <tr>
                <th scope="col">Participant</th>
                <th scope="col">Certificate</th>
                <th scope="col">Code</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rows.map(({ key, row, certificate }) => {
                const who = certificate?.holder_name ?? row?.full_name ?? '';
                return (
                  <tr key={key}>
                    <th scope="row">{who}</th>
                    <td>
                      {!certificate && (row?.completed ? 'Not issued yet' : 'Not completed: none can be issued')}
                      {certificate && !certificate.revoked_at && `Issued ${dateOf(certificate.issued_at)}`}
                      {certificate?.revoked_at && (
                        <>
                          Revoked {dateOf(certificate.revoked_at)}
                          <span className="admin-roster__sub">{certificate.revoked_reason}</span>
                        </>
                      )}
                    </td>
                    <td>{certificate ? formatCertificateCode(certificate.code) : '—'}</td>
                    <td>
                      <div className="row-actions">
                        {!certificate && row?.completed && (
                          <button
                            type="button"
                            className="button button--small"
                            disabled={busy}
                            aria-label={`Issue the certificate of ${who}`}
                            onClick={() => issueOne(row)}
                          >
                            Issue
                          </button>
                        )}
                        {certificate && (
                          <button
                            type="button"
                            className="button button--small button--secondary"
                            disabled={downloading === certificate.id}
                            aria-label={`PDF of the certificate of ${who}`}
                            onClick={() => void download(certificate)}
                          >
                            {downloading === certificate.id ? 'Preparing…' : 'PDF'}
                          </button>
                        )}
                        {certificate && !certificate.revoked_at && (
                          <>
                            <button
                              type="button"
                              className="button button--small button--secondary"
                              aria-label={`Re-issue the certificate of ${who}`}
                              onClick={() => setReissuing(certificate)}
                            >
                              Re-issue
                            </button>
                            <button
                              type="button"
                              className="button button--small button--secondary"
                              aria-label={`Revoke the certificate of ${who}`}
                              onClick={() => setRevoking(certificate)}
                            >
                              Revoke
                            </button>
                          </>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {reissuing && <ReissueDialog certificate={reissuing} onClose={() => setReissuing(null)} />}
      {revoking && <RevokeDialog certificate={revoking} onClose={() => setRevoking(null)} />}
    </section>
  );
}
