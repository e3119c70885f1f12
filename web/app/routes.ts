/** The website's routes: CMS pages through one splat route (the route table decides), program pages, commerce screens and utilities. */
import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  route('maintenance-preview', 'routes/maintenance-preview.tsx'),
  route('sitemap.xml', 'routes/sitemap[.]xml.ts'),
  route('robots.txt', 'routes/robots[.]txt.ts'),
  route('checkout/prices', 'routes/checkout-prices.ts'),
  layout('routes/site-layout.tsx', [
    index('routes/cms-page.tsx', { id: 'home' }),
    route('training/:slug', 'routes/program-page.tsx'),
    route('cart', 'routes/cart.tsx'),
    route('checkout', 'routes/checkout.tsx'),
    route('order-confirmation', 'routes/order-confirmation.tsx'),
    route('newsletter/confirm', 'routes/newsletter-confirm.tsx'),
    route('unsubscribe', 'routes/unsubscribe.tsx'),
    route('events/registration/cancel', 'routes/event-registration-cancel.tsx'),
    route('events/:slug/register', 'routes/event-register.tsx'),
    route('*', 'routes/cms-page.tsx', { id: 'cms-page' }),
  ]),
] satisfies RouteConfig;
