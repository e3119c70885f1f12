/**
 * "Pay now on your phone" on the order confirmation page: starts the STK push checkout asked for
 * (once), then shows the payment live by polling every 1.5 s while a prompt is open: "Check your
 * phone", then paid with the M-Pesa receipt, or what went wrong with "Try again" (a new push;
 * the server never lets two be open at once). Client-only: the server renders nothing here.
 */
import { useEffect, useId, useState } from 'react';
import { markMpesaPushStarted, readMpesaPush } from '../../lib/mpesa-push-intent';
import { useFollowOrderStatus } from './live-order-status';
import { failureMessage } from './failure-message';
import { fetchPaymentState, isWaiting, type PaymentState } from './payment-state';
import { requestPush } from './request-push';
import './mpesa.css';

const POLL_MS = 1500;

/** Pending, or confirmed by staff (the admin's order workflow): payment is still due. */
const awaitingPayment = (state: PaymentState | null | undefined) =>
  state?.order_status === 'pending' || state?.order_status === 'confirmed';

/** Asks for the push, then reads the state it made (or keeps the refusal to show). */
async function pushAndRead(token: string, phone: string): Promise<{ state?: PaymentState | null; error?: string }> {
  markMpesaPushStarted(token, phone);
  const pushed = await requestPush(token, phone);
  const state = await fetchPaymentState(token).catch(() => undefined);
  return pushed.ok ? { state } : { state, error: pushed.message };
}

/** 254712345678 -> 0712 345 678, as people type it; a number kept as typed stays so. */
const local = (phone: string) =>
  /^254[0-9]{9}$/.test(phone) ? `0${phone.slice(3, 6)} ${phone.slice(6, 9)} ${phone.slice(9)}` : phone;

/** `orderStatus`: the status the rest of the page shows; it is reloaded once a poll sees another. */
export function MpesaPayment({ token, orderStatus }: { token: string; orderStatus: string }) {
  const id = useId();
  // undefined: not read yet (and on the server).
  const [state, setState] = useState<PaymentState | null | undefined>(undefined);
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    let live = true;
    const intent = readMpesaPush(token);
    void (async () => {
      const current = await fetchPaymentState(token).catch(() => undefined);
      if (!live) return;
      if (intent) setPhone(local(intent.phone));
      if (current !== undefined) setState(current);
      if (!intent?.start || !awaitingPayment(current) || isWaiting(current)) return;
      setSending(true);
      const result = await pushAndRead(token, intent.phone);
      if (!live) return;
      setSending(false);
      if (result.state !== undefined) setState(result.state);
      setError(result.error ?? null);
    })();
    return () => {
      live = false;
    };
  }, [token]);

  useFollowOrderStatus(orderStatus, state?.order_status);

  const waiting = isWaiting(state);
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      void fetchPaymentState(token)
        .then(setState)
        .catch(() => {
          // A missed poll: the next one asks again.
        });
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, token]);

  if (!state || state.payment_method !== 'mpesa') return null;

  async function send() {
    // The function checks the number (and says why not); only an empty field is caught here,
    // which keeps the phone rules out of this page's JavaScript.
    if (phone.trim() === '') {
      setError('Please enter your M-Pesa phone number, e.g. 0712 345 678.');
      return;
    }
    setError(null);
    setSending(true);
    const result = await pushAndRead(token, phone);
    setSending(false);
    if (result.state !== undefined) setState(result.state);
    setError(result.error ?? null);
  }

  let body;
  if (state.order_status === 'paid') {
    body = (
      <div className="mpesa-express__outcome mpesa-express__outcome--paid">
        <h2 id={`${id}-heading`}>Payment received</h2>
        <p>
          {state.receipt ? (
            <>
              M-Pesa receipt number: <strong data-testid="mpesa-receipt">{state.receipt}</strong>. We have e-mailed you
              a receipt.
            </>
          ) : (
            'Your M-Pesa payment is confirmed. We have e-mailed you a receipt.'
          )}
        </p>
      </div>
    );
  } else if (!awaitingPayment(state)) {
    return null;
  } else if (waiting && state.attempt) {
    body = (
      <div className="mpesa-express__outcome">
        <h2 id={`${id}-heading`}>Check your phone to approve the payment</h2>
        <p>
          We sent a payment request for <strong>KES {state.attempt.amount.toLocaleString('en-KE')}</strong> to{' '}
          {state.attempt.phone}. Enter your M-Pesa PIN on your phone to pay; this page updates by itself.
        </p>
      </div>
    );
  } else {
    const failed = state.attempt?.status === 'failed';
    body = (
      <>
        <h2 id={`${id}-heading`}>{failed ? 'The payment did not go through' : 'Pay now on your phone'}</h2>
        {failed ? <p className="mpesa-express__failure">{failureMessage(state.attempt?.result_code ?? null)}</p> : null}
        <form
          noValidate
          className="mpesa-express__form"
          onSubmit={(event) => {
            event.preventDefault();
            if (!sending) void send();
          }}
        >
          <div className="field">
            <label className="field__label" htmlFor={`${id}-phone`}>
              M-Pesa phone number
            </label>
            <input
              id={`${id}-phone`}
              className="field__input"
              type="tel"
              autoComplete="tel"
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          </div>
          <button type="submit" className="button button--small" aria-disabled={sending}>
            {sending ? 'Sending…' : failed ? 'Try again' : 'Send the payment request'}
          </button>
        </form>
      </>
    );
  }

  return (
    <section className="mpesa-express" aria-labelledby={`${id}-heading`}>
      <div aria-live="polite">{body}</div>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
