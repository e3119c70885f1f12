/**
 * The answer when a page's content cannot be read (the content API or the database is down or
 * silent): a 503 that says when to try again, thrown from a loader, which the root's error
 * boundary shows as a short "try again in a minute" page instead of a server error.
 */
import { data } from 'react-router';

/** Seconds a browser or crawler should wait before asking again. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 30;

/** What the thrown 503 carries, so the error boundary can tell it from maintenance's. */
export interface UnavailableData {
  unavailable: true;
}

export function unavailable(why: string, error: unknown): ReturnType<typeof data<UnavailableData>> {
  console.error(`[unavailable] ${why}:`, error instanceof Error ? error.message : error);
  return data(
    { unavailable: true },
    {
      status: 503,
      headers: { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' },
    },
  );
}
