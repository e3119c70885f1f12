/**
 * /quote/:token and /quote/:token/participants: the quote behind an e-mailed link, read from the
 * visitor's browser. The quote page shows it and the form to accept it (or, once accepted, its
 * order and the link to name participants); the participants page names them. An unknown link
 * says so; an expired or withdrawn quote says only that.
 */
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { isClosedQuote, quoteParticipantsPath } from '../../../../domain/quote-document.ts';
import { AcceptQuoteForm } from './accept-quote-form';
import { ParticipantsForm } from './participants-form';
import { QuoteSummary } from './quote-summary';
import { useQuote } from './use-quote';
import './quotes.css';

function Status({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="quote-status">
      {children}
    </div>
  );
}

export function QuotePage({ token, view }: { token: string; view: 'quote' | 'participants' }) {
  const { lookup, reload } = useQuote(token);
  const [saved, setSaved] = useState(false);
  if (lookup === null)
    return (
      <Status>
        <p>
          Opening the quote…
          <noscript> This page needs JavaScript: please enable it.</noscript>
        </p>
      </Status>
    );
  if (lookup.kind === 'not-found')
    return (
      <Status>
        <p>We cannot find this quote. Please check the link in your e-mail, or contact us.</p>
      </Status>
    );
  if (lookup.kind === 'error')
    return (
      <Status>
        <p>{lookup.message}</p>
      </Status>
    );
  const quote = lookup.quote;
  if (isClosedQuote(quote))
    return (
      <Status>
        <p>
          {quote.state === 'expired'
            ? 'This quote has expired. Please contact us for a new one.'
            : 'This quote was withdrawn. Please contact us for a new one.'}
        </p>
      </Status>
    );
  const participantsPath = quoteParticipantsPath(token);
  return (
    <>
      <h2 className="quote-reference">Quote {quote.reference}</h2>
      {view === 'quote' && <QuoteSummary quote={quote} />}
      {quote.order ? (
        <Status>
          <p>
            Accepted{quote.po_number ? ` with purchase order ${quote.po_number}` : ''}: your order is{' '}
            <strong>{quote.order.reference}</strong> ({quote.order.status_label}).{' '}
            <Link to={`/order-confirmation?token=${encodeURIComponent(quote.order.token)}`}>See the order</Link>.
          </p>
          {view === 'quote' && (
            <p>
              <Link to={participantsPath}>Name or change the participants</Link>
            </p>
          )}
          {view === 'participants' && saved && <p>The participants are saved.</p>}
        </Status>
      ) : view === 'participants' ? (
        <Status>
          <p>
            Participants can be named once the quote is accepted.{' '}
            <Link to={`/quote/${encodeURIComponent(token)}`}>Open the quote</Link>.
          </p>
        </Status>
      ) : null}
      {view === 'quote' && !quote.order && <AcceptQuoteForm token={token} quote={quote} onAccepted={reload} />}
      {view === 'participants' && quote.order && (
        <ParticipantsForm
          // A new form once the saved names are read back: its fields start from what is stored.
          key={JSON.stringify(quote.lines.map((line) => line.participants))}
          token={token}
          quote={quote}
          onSaved={() => {
            setSaved(true);
            reload();
          }}
        />
      )}
    </>
  );
}
