/**
 * The order confirmation: the reference and status, each line with its intake and participants,
 * the totals in USD and KES with the order's rate, how to pay (with the M-Pesa code form for
 * Paybill orders) and the pro-forma invoice to download.
 */
import { useId } from 'react';
import { Form, Link } from 'react-router';
import { EmailAddress } from '../../components/ui/email-address';
import { CATALOGUE_PATH } from '../../config/commerce-paths';
import type { OrderView } from './order.server';
import { PaymentInstructions, type BankAccount } from './payment-instructions';
import './checkout.css';

interface Props {
  order: OrderView;
  invoiceHref: string;
  paybill: string | null;
  bankAccounts: readonly BankAccount[];
  /** The M-Pesa code form's outcome, after a submission. */
  codeResult?: { ok: true } | { ok: false; message: string };
  submittingCode: boolean;
}

function MpesaCodeForm({ order, codeResult, submittingCode }: Pick<Props, 'order' | 'codeResult' | 'submittingCode'>) {
  const id = useId();
  const error = codeResult && !codeResult.ok ? codeResult.message : null;
  return (
    <Form method="post" className="mpesa-code" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Paid with M-Pesa?</h3>
      {order.mpesaCode ? (
        <p role="status">
          We received the confirmation code <strong>{order.mpesaCode}</strong> ({order.mpesaCodeAt}). Our bookings team
          checks it against the Paybill statement and confirms your seats.
        </p>
      ) : null}
      <div className="field">
        <label className="field__label" htmlFor={`${id}-code`}>
          M-Pesa confirmation code
        </label>
        <span id={`${id}-hint`} className="field__hint">
          The 10 letters and digits in the M-Pesa message, e.g. QJK7XYZ123
        </span>
        <input
          id={`${id}-code`}
          className="field__input"
          name="code"
          required
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          pattern="\s*[A-Za-z0-9]{10}\s*"
          maxLength={20}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        />
        {error ? (
          <p id={`${id}-error`} className="field__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button button--small" aria-disabled={submittingCode}>
        {submittingCode ? 'Sending…' : order.mpesaCode ? 'Replace the code' : 'Send the code'}
      </button>
    </Form>
  );
}

/** The opening words: what state the order is in, and what the customer was sent. */
function Lead({ order }: { order: OrderView }) {
  const thanks = `Thank you${order.buyer.name ? `, ${order.buyer.name}` : ''}.`;
  const since = order.statusChangedAt ? ` on ${order.statusChangedAt}` : '';
  const email = <strong>{order.buyer.email}</strong>;
  switch (order.status) {
    case 'paid':
      return (
        <p className="confirmation__lead">
          {thanks} Your order is paid. We have e-mailed the confirmation and your receipt to {email}.
        </p>
      );
    case 'cancelled':
      return (
        <p className="confirmation__lead">
          This order was cancelled{since}. Its seats are released and nothing is due. We have e-mailed {email} about it.
        </p>
      );
    case 'expired':
      return (
        <p className="confirmation__lead">
          This order expired unpaid{since}: its seats were released and nothing is due. To book,{' '}
          <Link to={CATALOGUE_PATH}>place a new order</Link>.
        </p>
      );
    default:
      return (
        <>
          <p className="confirmation__lead">
            {thanks} We have e-mailed this confirmation to {email}.
          </p>
          {order.heldUntil && order.status === 'pending' ? (
            <p className="confirmation__hold">
              We hold your seats until <strong>{order.heldUntil}</strong>. An order not paid by then is released.
            </p>
          ) : null}
        </>
      );
  }
}

export function OrderConfirmation({ order, invoiceHref, paybill, bankAccounts, codeResult, submittingCode }: Props) {
  // Staff confirming a booking does not settle it: the customer still pays (and may send a code).
  const awaitingPayment = order.status === 'pending' || order.status === 'confirmed';
  const paysOnPhone = order.paymentChoice === 'mpesa_express';
  return (
    <div className="confirmation">
      <Lead order={order} />
      <dl className="confirmation__facts">
        <div>
          <dt>Reference</dt>
          <dd data-testid="order-reference">{order.reference}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{order.statusLabel}</dd>
        </div>
        <div>
          <dt>Placed</dt>
          <dd>{order.placedAt}</dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>{order.paymentMethodLabel}</dd>
        </div>
      </dl>

      <section aria-labelledby="lines-heading">
        <h2 id="lines-heading">Your programs</h2>
        <ul className="review-lines">
          {order.lines.map((line) => (
            // One line per program in an order (create_order refuses a program twice).
            <li key={line.programSlug ?? line.title} className="review-line">
              <h3 className="review-line__title">{line.title}</h3>
              <p className="review-line__detail">{line.detail}</p>
              <p className="review-line__total">{line.lineTotal}</p>
              <p className="confirmation__intake">Intake: {line.intake}</p>
              <div className="confirmation__participants">
                <p>Participants:</p>
                <ol>
                  {line.participants.map((person, seat) => (
                    // eslint-disable-next-line react/no-array-index-key -- the seat's number is the participant's identity (order_participants' position); the list never changes here
                    <li key={seat}>
                      {person.name}
                      {person.email ? ` (${person.email})` : ''}
                    </li>
                  ))}
                </ol>
              </div>
            </li>
          ))}
        </ul>
        <dl className="cart-totals checkout-totals">
          {order.totalRows.map(([label, value, testId]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd data-testid={testId}>{value}</dd>
            </div>
          ))}
        </dl>
        <p className="checkout-rate">Converted at {order.rate} KES per USD.</p>
      </section>

      <section aria-labelledby="payment-heading" className="confirmation__payment">
        <h2 id="payment-heading">How to pay</h2>
        {awaitingPayment && paysOnPhone ? (
          <p>Approve the M-Pesa payment request on your phone (above); this page updates once it is paid.</p>
        ) : awaitingPayment ? (
          <PaymentInstructions
            method={order.paymentMethod}
            paybill={paybill}
            reference={order.reference}
            bankAccounts={bankAccounts}
            amountKes={order.totalKes}
          />
        ) : (
          <p>This order is {order.statusLabel.toLowerCase()}: there is nothing to pay.</p>
        )}
        <p>
          <a href={invoiceHref} download className="button button--secondary">
            Download the pro-forma invoice (PDF)
          </a>
        </p>
        {order.paymentChoice === 'mpesa_paybill' && awaitingPayment ? (
          <MpesaCodeForm order={order} codeResult={codeResult} submittingCode={submittingCode} />
        ) : null}
      </section>

      <section aria-labelledby="buyer-heading">
        <h2 id="buyer-heading">Your details</h2>
        <dl className="confirmation__buyer">
          <div>
            <dt>Name</dt>
            <dd>{order.buyer.name}</dd>
          </div>
          <div className="confirmation__buyer-email">
            <dt>E-mail</dt>
            <dd>
              <EmailAddress address={order.buyer.email} />
            </dd>
          </div>
          {order.buyer.phone ? (
            <div>
              <dt>Phone</dt>
              <dd>{order.buyer.phone}</dd>
            </div>
          ) : null}
          {order.buyer.organisation ? (
            <div>
              <dt>Organisation</dt>
              <dd>{order.buyer.organisation}</dd>
            </div>
          ) : null}
          {order.buyer.po_number ? (
            <div>
              <dt>Purchase-order number</dt>
              <dd>{order.buyer.po_number}</dd>
            </div>
          ) : null}
        </dl>
      </section>
    </div>
  );
}
