/**
 * /account's content for a signed-in customer: orders (with the invoice, the payment receipts
 * and, while unpaid, the confirmation page that takes the payment), event registrations (cancel through the existing
 * cancel page), certificates (PDF, verification page, LinkedIn), the newsletter, the profile,
 * the data page and signing out. Each section is a region named by its heading.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { certificateVerifyUrl, formatCertificateCode } from '../../../../domain/certificate-code';
import { quoteParticipantsPath } from '../../../../domain/quote-document';
import { formatCalendarDate, formatDate, formatDateTime, nairobiToday } from '../../../../domain/dates';
import { paymentReceiptLabel } from '../../../../domain/payment-receipt';
import { taxDocumentLabel } from '../../../../domain/tax-document';
import { formatMoney } from '../../lib/money';
import { useRootData } from '../../lib/root-data';
import { saveBlob } from '../../lib/save-blob';
import { browserSupabaseEnv } from '../../lib/supabase/browser-env';
import { getBrowserSupabase } from '../../lib/supabase/browser-client';
import {
  awaitsPayment,
  mayRenameParticipants,
  newsletterStatusLabel,
  orderStatusLabel,
  unnamedSeatsLabel,
} from './account-labels';
import { accountDataPath } from '../../config/account-paths';
import { loadAccount, type AccountData, type AccountOrder } from './load-account';
import { ProfileForm } from './profile-form';
import { profileFromMetadata } from '../../lib/customer-profile';
import { RenameParticipantForm } from './rename-participant-form';

/**
 * What other features do, handed in by the route (features do not import each other): signing
 * out, the newsletter sign-up, LinkedIn's add-to-profile link.
 */
export interface AccountServices {
  signOut: () => Promise<string | null>;
  subscribe: (email: string) => Promise<{ message: string }>;
  linkedInUrl: (certification: {
    name: string;
    organizationName: string;
    issuedAt: string;
    certUrl: string;
    certId: string;
  }) => string;
}

interface Props {
  email: string;
  metadata: Record<string, unknown>;
  services: AccountServices;
}

export function AccountOverview({ email, metadata, services }: Props) {
  const [data, setData] = useState<AccountData | null>(null);
  const [failed, setFailed] = useState(false);
  // Each change (a renamed participant, "Try again") reads the account again.
  const [reads, setReads] = useState(0);
  const reload = () => setReads((n) => n + 1);
  useEffect(() => {
    let current = true;
    getBrowserSupabase()
      .then(loadAccount)
      .then((next) => {
        if (!current) return;
        setData(next);
        setFailed(false);
      })
      .catch((error: unknown) => {
        console.error('[account] reading the account failed:', error);
        if (current) setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [reads]);

  return (
    <>
      <p>
        Signed in as <strong>{email}</strong>.
      </p>
      {failed ? (
        <p role="alert">
          Your account could not be read just now.{' '}
          <button type="button" className="button button--secondary" onClick={reload}>
            Try again
          </button>
        </p>
      ) : !data ? (
        <p role="status">Loading your account…</p>
      ) : (
        <>
          <OrdersSection
            orders={data.orders}
            intakes={data.intakes}
            namingLinks={data.namingLinks}
            onChanged={reload}
          />
          <RegistrationsSection data={data} />
          <CertificatesSection data={data} linkedInUrl={services.linkedInUrl} />
          <NewsletterSection
            email={email}
            status={data.newsletter?.status}
            token={data.newsletter?.token}
            subscribe={services.subscribe}
          />
        </>
      )}
      <section aria-labelledby="account-profile" className="account-section">
        <h2 id="account-profile">Your details</h2>
        <p>The checkout fills these in for you.</p>
        <ProfileForm initial={profileFromMetadata(metadata)} />
      </section>
      <section aria-labelledby="account-privacy" className="account-section">
        <h2 id="account-privacy">Your data</h2>
        <p>
          <Link to={accountDataPath}>Your data</Link>: download everything we hold about {email}, or ask us to delete
          it.
        </p>
      </section>
      <SignOutButton signOut={services.signOut} />
    </>
  );
}

function SignOutButton({ signOut }: Pick<AccountServices, 'signOut'>) {
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <p>
      <button type="button" className="button button--secondary" onClick={() => void signOut().then(setProblem)}>
        Sign out
      </button>
      <span role="alert">{problem}</span>
    </p>
  );
}

function invoiceHref(token: string): string {
  const url = new URL('/functions/v1/order-invoice', browserSupabaseEnv()?.supabaseUrl ?? window.location.origin);
  url.searchParams.set('token', token);
  return url.href;
}

/** A payment receipt's or tax document's PDF, by the order's token as on its confirmation page. */
function documentHref(kind: 'receipt' | 'document', id: string, token: string): string {
  const url = new URL('/functions/v1/tax-document-pdf', browserSupabaseEnv()?.supabaseUrl ?? window.location.origin);
  url.searchParams.set(kind, id);
  url.searchParams.set('token', token);
  return url.href;
}

function OrdersSection({
  orders,
  intakes,
  namingLinks,
  onChanged,
}: {
  orders: AccountOrder[];
  intakes: AccountData['intakes'];
  namingLinks: AccountData['namingLinks'];
  onChanged: () => void;
}) {
  const today = nairobiToday();
  return (
    <section aria-labelledby="account-orders" className="account-section">
      <h2 id="account-orders">Orders</h2>
      {orders.length === 0 ? <p>You have no orders with this address yet.</p> : null}
      {orders.map((order) => {
        const confirmation = `/order-confirmation?token=${encodeURIComponent(order.confirmation_token)}`;
        const namingToken = namingLinks.get(order.id);
        return (
          <article key={order.id} className="account-card" aria-labelledby={`order-${order.id}`}>
            <h3 id={`order-${order.id}`}>Order {order.reference}</h3>
            <dl className="account-facts">
              <dt>Status</dt>
              <dd>{orderStatusLabel(order.status)}</dd>
              <dt>Placed</dt>
              <dd>{formatDateTime(order.created_at)}</dd>
              <dt>Total</dt>
              <dd>
                {order.currency === 'KES' ? formatMoney(order.total_kes, 'KES') : formatMoney(order.total_usd, 'USD')}
              </dd>
            </dl>
            {[...order.order_items]
              .sort((a, b) => a.position - b.position)
              .map((item) => {
                const intake = item.intake_id ? intakes.get(item.intake_id) : undefined;
                const renamable = mayRenameParticipants(order.status, intake?.starts_on, today);
                return (
                  <div key={item.id} className="account-line">
                    <h4>
                      {item.title} × {item.quantity}
                    </h4>
                    {intake?.starts_on && intake.ends_on ? (
                      <p>
                        Intake: {formatCalendarDate(intake.starts_on)} to {formatCalendarDate(intake.ends_on)}
                      </p>
                    ) : null}
                    <ul aria-label={`Participants, ${item.title}`}>
                      {[...item.order_participants]
                        .sort((a, b) => a.position - b.position)
                        .map((participant) => (
                          <li key={participant.id}>
                            {participant.full_name}{' '}
                            {renamable ? (
                              <RenameParticipantForm
                                participantId={participant.id}
                                currentName={participant.full_name}
                                onRenamed={onChanged}
                              />
                            ) : null}
                          </li>
                        ))}
                    </ul>
                    {item.order_participants.length < item.quantity ? (
                      <p>{unnamedSeatsLabel(item.quantity - item.order_participants.length)}</p>
                    ) : null}
                  </div>
                );
              })}
            <p className="account-actions">
              {namingToken ? (
                <Link to={quoteParticipantsPath(namingToken)}>
                  Name participants<span className="visually-hidden"> for order {order.reference}</span>
                </Link>
              ) : null}
              <a href={invoiceHref(order.confirmation_token)}>
                {awaitsPayment(order.status) ? 'Pro-forma invoice' : 'Invoice'} (PDF)
                <span className="visually-hidden"> for order {order.reference}</span>
              </a>
              {[...order.payment_receipts]
                .sort((a, b) => a.number - b.number)
                .map((receipt) => (
                  <a key={receipt.id} href={documentHref('receipt', receipt.id, order.confirmation_token)}>
                    {paymentReceiptLabel(receipt.document_number)}
                    <span className="visually-hidden"> for order {order.reference}</span>
                  </a>
                ))}
              {[...order.tax_documents]
                // The invoice, then its credit notes.
                .sort(
                  (a, b) => Number(a.kind !== 'tax_invoice') - Number(b.kind !== 'tax_invoice') || a.number - b.number,
                )
                .map((document) => {
                  const { label, status } = taxDocumentLabel(document);
                  return (
                    <span key={document.id}>
                      <a href={documentHref('document', document.id, order.confirmation_token)}>
                        {label}
                        <span className="visually-hidden"> for order {order.reference}</span>
                      </a>{' '}
                      {status}
                    </span>
                  );
                })}
              {awaitsPayment(order.status) ? (
                <Link className="button" to={confirmation}>
                  Pay now<span className="visually-hidden"> for order {order.reference}</span>
                </Link>
              ) : (
                <Link to={confirmation}>
                  Order details<span className="visually-hidden"> for order {order.reference}</span>
                </Link>
              )}
            </p>
          </article>
        );
      })}
    </section>
  );
}

const registrationStatus: Record<string, string> = {
  confirmed: 'Registered',
  waitlisted: 'On the waitlist',
  cancelled: 'Cancelled',
};

function RegistrationsSection({ data }: { data: AccountData }) {
  return (
    <section aria-labelledby="account-registrations" className="account-section">
      <h2 id="account-registrations">Event registrations</h2>
      {data.registrations.length === 0 ? <p>You have not registered for an event with this address.</p> : null}
      <ul className="account-list">
        {data.registrations.map((registration) => {
          const event = data.events.get(registration.event_id);
          const title = event?.title ?? 'An event';
          return (
            <li key={registration.id}>
              <strong>{title}</strong>
              {event?.starts_at ? `, ${formatDateTime(event.starts_at)}` : ''}:{' '}
              {registrationStatus[registration.status]} ({registration.seats} seat{registration.seats === 1 ? '' : 's'})
              {registration.status !== 'cancelled' ? (
                <>
                  {' '}
                  <Link to={`/events/registration/cancel?token=${encodeURIComponent(registration.token)}`}>
                    Cancel<span className="visually-hidden"> the registration for {title}</span>
                  </Link>
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function CertificatesSection({ data, linkedInUrl }: { data: AccountData } & Pick<AccountServices, 'linkedInUrl'>) {
  const instituteName = useRootData()?.settings?.instituteName ?? 'Ascent';
  const [problem, setProblem] = useState<string | null>(null);
  const download = async (id: string, code: string) => {
    setProblem(null);
    try {
      const supabase = await getBrowserSupabase();
      // The staff PDF function reads the certificate as the caller: RLS lets a customer read theirs.
      const { data: pdf, error } = await supabase.functions.invoke<Blob>('certificate-pdf', { body: { id } });
      if (error || !(pdf instanceof Blob)) throw error ?? new Error('not a PDF');
      saveBlob(pdf, `certificate-${formatCertificateCode(code)}.pdf`);
    } catch (error) {
      console.error('[account] the certificate PDF failed:', error);
      setProblem('The certificate could not be made just now. Try again in a moment.');
    }
  };
  return (
    <section aria-labelledby="account-certificates" className="account-section">
      <h2 id="account-certificates">Certificates</h2>
      {data.certificates.length === 0 ? <p>No certificates yet.</p> : null}
      <p role="alert">{problem}</p>
      <ul className="account-list">
        {data.certificates.map((certificate) => {
          const printed = formatCertificateCode(certificate.code);
          const verifyUrl = certificateVerifyUrl(window.location.origin, certificate.code);
          return (
            <li key={certificate.id}>
              <strong>{certificate.program_title}</strong>, {certificate.holder_name}, issued{' '}
              {formatDate(certificate.issued_at)}
              {certificate.revoked_at ? ' (revoked)' : ''}
              <span className="account-actions">
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => void download(certificate.id, certificate.code)}
                >
                  PDF<span className="visually-hidden"> of certificate {printed}</span>
                </button>
                <Link to={`/verify/${printed}`}>
                  Verify<span className="visually-hidden"> certificate {printed}</span>
                </Link>
                <a
                  href={linkedInUrl({
                    name: certificate.program_title,
                    organizationName: instituteName,
                    issuedAt: certificate.issued_at,
                    certUrl: verifyUrl,
                    certId: printed,
                  })}
                  rel="noopener noreferrer"
                  target="_blank"
                >
                  Add to LinkedIn<span className="visually-hidden"> (certificate {printed}, opens in a new tab)</span>
                </a>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function NewsletterSection({
  email,
  status,
  token,
  subscribe,
}: { email: string; status?: string; token?: string } & Pick<AccountServices, 'subscribe'>) {
  const [outcome, setOutcome] = useState<string | null>(null);
  const subscribed = status === 'confirmed' || status === 'pending';
  return (
    <section aria-labelledby="account-newsletter" className="account-section">
      <h2 id="account-newsletter">Newsletter</h2>
      <p>{newsletterStatusLabel(status)}</p>
      {subscribed && token ? (
        <Link to={`/unsubscribe?token=${encodeURIComponent(token)}`}>Unsubscribe</Link>
      ) : (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void subscribe(email).then((result) => setOutcome(result.message))}
        >
          Subscribe with {email}
        </button>
      )}
      <p role="status">{outcome}</p>
    </section>
  );
}
