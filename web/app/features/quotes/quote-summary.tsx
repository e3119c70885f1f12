/** A quote's lines, total, validity and terms, as the buyer sees them at its link. */
import { formatCalendarDate } from '../../../../domain/dates.ts';
import { formatMoney } from '../../lib/money';
import type { QuoteDocument } from '../../../../domain/quote-document.ts';
import { formatIntakeDates } from '../../lib/intake-dates';

export function QuoteSummary({ quote }: { quote: QuoteDocument }) {
  const money = (amount: number) => formatMoney(amount, quote.currency, { cents: true });
  return (
    <>
      <p>
        For {quote.organisation} ({quote.contact_name}). Valid until {formatCalendarDate(quote.valid_until)}.
      </p>
      <div className="table-scroll">
        <table className="quote-table">
          <caption className="visually-hidden">The programs quoted</caption>
          <thead>
            <tr>
              <th scope="col">Program</th>
              <th scope="col">Dates</th>
              <th scope="col">Seats</th>
              <th scope="col">Unit price</th>
              <th scope="col">Discount</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {quote.lines.map((line) => (
              <tr key={line.position}>
                <th scope="row">{line.title}</th>
                <td>{line.intake ? formatIntakeDates(line.intake.starts_on, line.intake.ends_on) : 'To be agreed'}</td>
                <td>{line.seats}</td>
                <td>{money(line.unit_price)}</td>
                <td>{line.discount_amount > 0 ? money(line.discount_amount) : '—'}</td>
                <td>{money(line.line_total)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={5}>
                Total
              </th>
              <td data-testid="quote-total">{money(quote.total)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      {quote.terms && (
        <>
          <h2>Terms</h2>
          <p className="quote-terms">{quote.terms}</p>
        </>
      )}
    </>
  );
}
