/**
 * How long the website waits for what it reads from other services, in one place: no read may
 * hold a page for long when a service is down or silent (the soak, scripts/soak.ts, checks them).
 */

/** A content read: the wait for a connection or for data, before it fails (one retry). */
export const CONTENT_READ_TIMEOUT_MS = 3_000;

/** A content read in all, retry included, before the page answers 503 (lib/unavailable.server.ts). */
export const CONTENT_READ_DEADLINE_MS = 4_000;

/** Any server read through PostgREST. */
export const SERVER_READ_TIMEOUT_MS = 4_000;

/** The maintenance flag, read for every page: a page waits this long at most, once per outage. */
export const MAINTENANCE_READ_TIMEOUT_MS = 1_500;
