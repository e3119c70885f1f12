/**
 * What /verify/<code> says about a certificate: looked up from the visitor's browser when the
 * page is shown (verify-certificate.ts), then valid (with its facts and "Add to LinkedIn"),
 * revoked with when, or not found.
 */
import { useEffect, useState } from 'react';
import { formatDate } from '../../../../domain/dates.ts';
import { formatIntakeDates } from '../../lib/intake-dates';
import { linkedInAddToProfileUrl } from './linkedin-link';
import { verifyCertificate, type CertificateFacts, type Verification } from './verify-certificate';

interface Props {
  /** Canonical and printed forms of the code. */
  code: string;
  printedCode: string;
  certUrl: string;
  instituteName: string;
}

function Facts({ certificate, instituteName }: { certificate: CertificateFacts; instituteName: string }) {
  return (
    <dl className="verify-facts">
      <dt>Awarded to</dt>
      <dd>{certificate.holderName}</dd>
      <dt>Program</dt>
      <dd>{certificate.programTitle}</dd>
      <dt>Dates</dt>
      <dd>{formatIntakeDates(certificate.startsOn, certificate.endsOn)}</dd>
      {certificate.hours ? (
        <>
          <dt>Hours</dt>
          <dd>{certificate.hours}</dd>
        </>
      ) : null}
      <dt>Issued</dt>
      <dd>{formatDate(certificate.issuedAt)}</dd>
      <dt>Issuer</dt>
      <dd>{instituteName}</dd>
    </dl>
  );
}

function Outcome({ verification, ...props }: Props & { verification: Verification }) {
  switch (verification.status) {
    case 'valid':
      return (
        <>
          <p className="verify-verdict verify-verdict--valid">
            <strong>Valid.</strong> This certificate was issued by {props.instituteName} and has not been revoked.
          </p>
          <Facts certificate={verification.certificate} instituteName={props.instituteName} />
          <p className="verify-actions">
            <a
              className="button"
              href={linkedInAddToProfileUrl({
                name: verification.certificate.programTitle,
                organizationName: props.instituteName,
                issuedAt: verification.certificate.issuedAt,
                certUrl: props.certUrl,
                certId: props.printedCode,
              })}
              rel="noopener noreferrer"
              target="_blank"
            >
              Add to LinkedIn<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
            <a className="button button--secondary" href={`/verify/${props.printedCode}/credential`} download>
              Download the signed credential (Open Badges 3.0, JSON)
            </a>
          </p>
        </>
      );
    case 'revoked':
      return (
        <>
          <p className="verify-verdict verify-verdict--revoked">
            <strong>Revoked.</strong> This certificate was revoked on {formatDate(verification.revokedAt)} and is no
            longer valid.
          </p>
          <Facts certificate={verification.certificate} instituteName={props.instituteName} />
        </>
      );
    case 'not_found':
      return (
        <p className="verify-verdict verify-verdict--not-found">
          <strong>Not found.</strong> No certificate has the code {props.printedCode}. Please check the code against the
          certificate, or contact us.
        </p>
      );
    case 'refused':
      return <p className="verify-verdict">{verification.message}</p>;
    case 'unreachable':
      return (
        <p className="verify-verdict">
          We could not check this certificate just now. Please reload the page in a moment.
        </p>
      );
  }
}

/** Keyed by the code where used: a new code is a new lookup from the start. */
export function CertificateStatus(props: Props) {
  const [verification, setVerification] = useState<Verification | null>(null);
  useEffect(() => {
    let current = true;
    void verifyCertificate(props.code).then((answer) => {
      if (current) setVerification(answer);
    });
    return () => {
      current = false;
    };
  }, [props.code]);
  return (
    <div role="status" aria-busy={verification === null} className="verify-outcome">
      {verification ? (
        <Outcome verification={verification} {...props} />
      ) : (
        <p>
          Checking certificate {props.printedCode}…
          <noscript> Checking a certificate needs JavaScript: please enable it for this page.</noscript>
        </p>
      )}
    </div>
  );
}
