/**
 * /quote/:token (features/quotes): a quote e-mailed to an organisation, to accept it with its purchase-order number. The
 * token is the whole key: never cached, indexed, or sent on as a referrer.
 */
import type { HeadersFunction } from 'react-router';
import { QuotePage } from '../features/quotes/quote-page';
import type { Route } from './+types/quote';

export const meta = () => [{ title: 'Your quote' }, { name: 'robots', content: 'noindex' }];

export const headers: HeadersFunction = () => ({
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex',
});

export default function QuoteRoute({ params }: Route.ComponentProps) {
  return (
    <section className="container quote-page">
      <h1>Your quote</h1>
      <QuotePage key={params.token} token={params.token} view="quote" />
    </section>
  );
}
