/**
 * Listens to published content changes through Sanity's listener (the content lake speaks it too),
 * so an edit published in the Studio reaches visitors at the next request instead of after the
 * caches expire: `onChange` runs and CONTENT_CHANGED_CHANNEL is published on every change, and on
 * every (re)connection, which may have missed some. Drafts are never listened to (nor shown).
 */
import { channel } from 'node:diagnostics_channel';
import { CONTENT_CHANGED_CHANNEL } from '../../config/content-changes';
import { sanityClient } from './client.server';

const published = '*[!(_id in path("drafts.**")) && !(_id in path("versions.**"))]';
const retryMs = 5_000;
const changed = channel(CONTENT_CHANGED_CHANNEL);
let watching = false;

export function watchPublishedContent(onChange: () => void): void {
  if (watching) return;
  watching = true;
  const announce = (documentId?: string): void => {
    onChange();
    if (changed.hasSubscribers) changed.publish({ documentId });
  };
  const connect = (): void => {
    sanityClient()
      .listen(published, {}, { events: ['welcome', 'mutation'], includeResult: false, tag: 'website.cache' })
      .subscribe({
        next: (event) => announce(event.type === 'mutation' ? event.documentId : undefined),
        error: (error: unknown) => {
          // The client reconnects by itself after dropped connections; this is a refusal (bad
          // query, no access). Caches still expire on their own; try again later.
          console.error(
            `[content-changes] the content listener stopped: ${String(error)}; retrying in ${retryMs / 1000} s`,
          );
          setTimeout(connect, retryMs).unref();
        },
      });
  };
  connect();
}
