/**
 * /checkout, first step: the order as it stands, with today's prices re-read from the server
 * (a changed price is pointed out, a program no longer on sale must be removed), the totals in
 * USD and KES with the rate, then "Continue to your details". The details form and its
 * validation (react-hook-form, zod) load when the visitor continues: the page itself stays
 * within the JavaScript budget.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { formatMoney, KES_PER_USD } from '../../lib/money';
import type { BankAccount } from './payment-instructions';
import { fetchQuote, type Quote } from './quote';
import { reviewLines, reviewTotals, reviewVat, type CheckoutCartLine, type ReviewLine } from './review-lines';
import './checkout.css';

const loadForm = () => import('./checkout-form');
const CheckoutForm = lazy(loadForm);

interface Props {
  lines: readonly CheckoutCartLine[];
  paybill: string | null;
  bankAccounts: readonly BankAccount[];
  cartHref: string;
  onRemove: (programId: string) => void;
  /** The order exists: empty the cart and open its confirmation. */
  onOrderPlaced: (token: string) => void;
}

type QuoteState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; quote: Quote };

/** The current prices for the cart's programs; re-read when the programs change. */
function useQuote(programIds: string) {
  const [state, setState] = useState<QuoteState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    fetchQuote(programIds ? programIds.split(',') : [], controller.signal).then(
      (quote) => setState({ status: 'ready', quote }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[checkout] prices:', error);
        setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [programIds, attempt]);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((count) => count + 1);
  }, []);
  const replace = useCallback((quote: Quote) => setState({ status: 'ready', quote }), []);
  return { state, retry, replace };
}

function Line({ line, onRemove }: { line: ReviewLine; onRemove: (programId: string) => void }) {
  const seats = `${line.quantity} ${line.quantity === 1 ? 'seat' : 'seats'}`;
  if (!line.available) {
    return (
      <li className="review-line review-line--gone">
        <h3 className="review-line__title">{line.title}</h3>
        <p className="notice notice--error" role="alert">
          This program is no longer available. Please remove it from your cart.
        </p>
        <button
          type="button"
          className="button button--small button--secondary"
          aria-label={`Remove: ${line.title}`}
          onClick={() => onRemove(line.programId)}
        >
          Remove
        </button>
      </li>
    );
  }
  return (
    <li className="review-line">
      <h3 className="review-line__title">{line.title}</h3>
      <p className="review-line__detail">
        {seats} × {line.unitPrice}
      </p>
      <p className="review-line__total">{line.lineTotal}</p>
      {line.previousPrice ? (
        <p className="notice review-line__changed" role="status">
          The price changed since you added this program: it is now {line.unitPrice} (was {line.previousPrice}). Your
          order is charged at the price shown here.
        </p>
      ) : null}
    </li>
  );
}

export function CheckoutReview({ lines, paybill, bankAccounts, cartHref, onRemove, onOrderPlaced }: Props) {
  const ids = lines.map((line) => line.programId).join(',');
  const { state, retry, replace } = useQuote(ids);
  const [details, setDetails] = useState(false);
  const detailsHeading = useRef<HTMLHeadingElement>(null);

  if (state.status === 'loading') {
    return (
      <p className="checkout-status" role="status">
        Checking today’s prices…
      </p>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className="notice notice--error" role="alert">
        <p>We couldn’t check today’s prices just now. Please try again in a moment.</p>
        <button type="button" className="button button--small" onClick={retry}>
          Try again
        </button>
      </div>
    );
  }

  const review = reviewLines(lines, state.quote);
  const totals = reviewTotals(review);
  const vat = reviewVat(review);
  const blocked = review.some((line) => !line.available);
  const continueToDetails = () => {
    if (blocked) return;
    setDetails(true);
    // The form's heading takes focus once it shows (CheckoutForm focuses it on mount).
  };

  return (
    <div className="checkout">
      <section className="checkout-review" aria-labelledby="review-heading">
        <h2 id="review-heading">1. Your order</h2>
        <ul className="review-lines">
          {review.map((line) => (
            <Line key={line.programId} line={line} onRemove={onRemove} />
          ))}
        </ul>
        <dl className="cart-totals checkout-totals">
          <div>
            <dt>Total in USD</dt>
            <dd data-testid="total-usd">{formatMoney(totals.usd, 'USD', { cents: true })}</dd>
          </div>
          <div>
            <dt>Total in KES</dt>
            <dd data-testid="total-kes">{formatMoney(totals.kes, 'KES', { cents: true })}</dd>
          </div>
          {vat ? (
            <div>
              <dt>Of which VAT</dt>
              <dd data-testid="vat-included">
                {formatMoney(vat.usd, 'USD', { cents: true })} / {formatMoney(vat.kes, 'KES', { cents: true })}
              </dd>
            </div>
          ) : null}
        </dl>
        <p className="checkout-rate">Converted at {KES_PER_USD} KES per USD.</p>
        <p>
          <a href={cartHref}>Change seats in your cart</a>
        </p>
        {details ? null : (
          <div className="checkout-continue">
            {blocked ? (
              <p id="checkout-blocked" className="field__error">
                Remove the programs no longer available to continue.
              </p>
            ) : null}
            <button
              type="button"
              className="button"
              aria-disabled={blocked}
              aria-describedby={blocked ? 'checkout-blocked' : undefined}
              onPointerEnter={() => void loadForm().catch(() => undefined)}
              onFocus={() => void loadForm().catch(() => undefined)}
              onClick={continueToDetails}
            >
              Continue to your details
            </button>
          </div>
        )}
      </section>
      {details ? (
        <Suspense
          fallback={
            <p className="checkout-status" role="status">
              Loading the form…
            </p>
          }
        >
          <CheckoutForm
            headingRef={detailsHeading}
            lines={review.flatMap((line) => (line.available ? [line] : []))}
            unavailable={review.flatMap((line) => (line.available ? [] : [line.title]))}
            quote={state.quote}
            paybill={paybill}
            bankAccounts={bankAccounts}
            onQuoteChanged={replace}
            onOrderPlaced={onOrderPlaced}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
