/** The public routes every browser-level check walks: the CMS pages plus the app's own public screens. */
import { ROUTE_PATHS } from '../../web/app/config/routes-table.ts';

/** A program's own page (/training/<slug>, from Supabase), for the checks that walk one of them. */
export const PROGRAM_PAGE_PATH = '/training/executive-leadership-programme';

/**
 * Public screens in the site's layout that are not CMS documents. The one place to list a new
 * screen: listed here, the accessibility, JavaScript-budget, SEO and Lighthouse checks walk it.
 * tests/e2e/pages.spec.ts fails for a path listed here that does not answer 200.
 * /order-confirmation needs an order's token: the commerce specs walk it with one they place
 * (tests/e2e/support/orders.ts).
 */
export const APP_PATHS = ['/cart', '/checkout', PROGRAM_PAGE_PATH] as const;

/** Every public route, CMS paths first in the spec's order: each one indexable by search engines. */
export const PUBLIC_PATHS: readonly string[] = [...ROUTE_PATHS, ...APP_PATHS];

/**
 * The specification's screens "outside the layout": the staff sign-in and the maintenance page's
 * preview. Held to the same accessibility and performance checks, but kept out of search engines.
 */
export const OUTSIDE_LAYOUT_PATHS: readonly string[] = ['/maintenance-preview', '/login'];

/** Every screen the browser-level checks walk. */
export const WALKED_PATHS: readonly string[] = [...PUBLIC_PATHS, ...OUTSIDE_LAYOUT_PATHS];

/**
 * Screens for staff, not visitors: /login loads supabase-js (54 KiB gzip) at once to look the
 * session up, as the specification's session provider does, so the visitor pages' 118 KiB
 * JavaScript budget does not apply to it (tests/e2e/admin-session.spec.ts checks instead that no
 * visitor page loads the session code or supabase-js's auth client).
 */
export const STAFF_PATHS: readonly string[] = ['/login'];

/** The visitor pages the JavaScript budget applies to. */
export const BUDGET_PATHS: readonly string[] = WALKED_PATHS.filter((path) => !STAFF_PATHS.includes(path));
