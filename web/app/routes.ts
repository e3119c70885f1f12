/** The website's routes: CMS pages through one splat route (the route table decides), program pages, commerce screens and utilities. */
import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  route('maintenance-preview', 'routes/maintenance-preview.tsx'),
  route('sitemap.xml', 'routes/sitemap[.]xml.ts'),
  route('robots.txt', 'routes/robots[.]txt.ts'),
  route('checkout/prices', 'routes/checkout-prices.ts'),
  // Staff sign-in and the admin area: client-only, one session provider for both.
  layout('routes/session-layout.tsx', [
    route('login', 'routes/login.tsx'),
    route('login/forgot', 'routes/login-forgot.tsx'),
    route('login/reset', 'routes/login-reset.tsx'),
    route('admin', 'routes/admin/layout.tsx', [
      index('routes/admin/dashboard.tsx'),
      route('orders', 'routes/admin/orders.tsx'),
      route('orders/:id', 'routes/admin/order.tsx'),
      route('subscribers', 'routes/admin/subscribers.tsx'),
      route('audit', 'routes/admin/audit.tsx'),
      route('*', 'routes/admin/not-found.tsx'),
    ]),
  ]),
  layout('routes/site-layout.tsx', [
    index('routes/cms-page.tsx', { id: 'home' }),
    route('training/:slug', 'routes/program-page.tsx'),
    route('cart', 'routes/cart.tsx'),
    route('checkout', 'routes/checkout.tsx'),
    route('order-confirmation', 'routes/order-confirmation.tsx'),
    route('*', 'routes/cms-page.tsx', { id: 'cms-page' }),
  ]),
] satisfies RouteConfig;
