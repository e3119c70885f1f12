/**
 * /quote/:token/participants (features/quotes): the participants of an accepted quote, named or changed until names close. The
 * token is the whole key: never cached, indexed, or sent on as a referrer.
 */
import type { HeadersFunction } from 'react-router';
import { QuotePage } from '../features/quotes/quote-page';
import type { Route } from './+types/quote-participants';

export const meta = () => [{ title: 'Participants' }, { name: 'robots', content: 'noindex' }];

export const headers: HeadersFunction = () => ({
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex',
});

export default function QuoteRoute({ params }: Route.ComponentProps) {
  return (
    <section className="container quote-page">
      <h1>Participants</h1>
      <QuotePage key={params.token} token={params.token} view="participants" />
    </section>
  );
}
