/**
 * What the newsletter form tells the visitor (specification §8). How a reply or an error becomes
 * one of these is in newsletter-outcome.ts, which loads with the subscription code, not the page.
 */

/** On its own: the one text the form needs before the subscription code has loaded. */
export const unexpectedMessage = 'An error occurred. Please try again.';

export const newsletterMessages = {
  loading: 'Subscribing...',
  success: 'Successfully subscribed to our newsletter!',
  failed: 'Failed to subscribe.',
  unexpected: unexpectedMessage,
} as const;
