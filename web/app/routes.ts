/** The website's routes: CMS pages through one splat route (the route table decides), program pages, commerce screens and utilities. */
import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  route('maintenance-preview', 'routes/maintenance-preview.tsx'),
  route('sitemap.xml', 'routes/sitemap[.]xml.ts'),
  route('robots.txt', 'routes/robots[.]txt.ts'),
  route('manifest.webmanifest', 'routes/manifest[.]webmanifest.ts'),
  route('checkout/prices', 'routes/checkout-prices.ts'),
  // The Sanity service pages' slugs for the admin services list (a resource route, no page).
  route('admin/service-pages', 'routes/admin/service-pages.ts'),
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
      route('enquiries', 'routes/admin/enquiries.tsx'),
      route('enquiries/:id', 'routes/admin/enquiry.tsx'),
      route('stats', 'routes/admin/stats.tsx'),
      route('events', 'routes/admin/events.tsx'),
      route('events/new', 'routes/admin/event-edit.tsx', { id: 'admin-event-new' }),
      route('events/:id', 'routes/admin/event-edit.tsx', { id: 'admin-event-edit' }),
      route('events/:id/registrations', 'routes/admin/event-registrations.tsx'),
      route('training-programs', 'routes/admin/training-programs.tsx'),
      route('training-programs/new', 'routes/admin/training-program-edit.tsx', { id: 'admin-program-new' }),
      route('training-programs/:id', 'routes/admin/training-program-edit.tsx', { id: 'admin-program-edit' }),
      route('services', 'routes/admin/services.tsx'),
      route('services/new', 'routes/admin/service-edit.tsx', { id: 'admin-service-new' }),
      route('services/:id', 'routes/admin/service-edit.tsx', { id: 'admin-service-edit' }),
      route('audit', 'routes/admin/audit.tsx'),
      route('staff', 'routes/admin/staff.tsx'),
      route('*', 'routes/admin/not-found.tsx'),
    ]),
  ]),
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
