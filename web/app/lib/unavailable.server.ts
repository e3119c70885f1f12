/**
 * The answer when a page's content cannot be read (the content API or the database is down or
 * silent): a 503 that says when to try again, thrown from a loader. It carries its own words, so
 * the root's error boundary shows them without adding them to every page's JavaScript.
 */
import { data } from 'react-router';

/** What the 503 carries: the words the error boundary shows. */
export interface UnavailableNotice {
  heading: string;
  message: string;
}

/** Seconds a browser or crawler should wait before asking again. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 30;

const notice: UnavailableNotice = {
  heading: 'We’ll be right back',
  message: 'This page can’t be loaded just now. Please try again in a minute.',
};

export function unavailable(why: string, error: unknown): ReturnType<typeof data<UnavailableNotice>> {
  console.error(`[unavailable] ${why}:`, error instanceof Error ? error.message : error);
  return data(notice, {
    status: 503,
    headers: { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' },
  });
}
