/**
 * Numbers the site, the server and the database must agree on. The per-client and per-address
 * write limits themselves live in the database (private.client_limits, private.address_limits),
 * which enforces them; these are the ones code needs to know.
 */

/** An order takes 1 to 50 seats per program (create_order refuses more): the cart holds no more. */
export const MAX_SEATS_PER_PROGRAM = 50;

/** Seconds a browser or crawler should wait before trying again during maintenance (the 503's Retry-After). */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 300;

/**
 * A program without a completion rule of its own needs 80 % of its session days present. The
 * database decides completion with private.default_min_attendance_share(), the same number
 * (supabase/tests/rosters-completion.test.ts holds them together); the admin shows it.
 */
export const DEFAULT_MIN_ATTENDANCE_SHARE = 0.8;
