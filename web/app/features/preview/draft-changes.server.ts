/**
 * Preview mode's live refresh: the content lake's Live Content API stream, drafts included (the
 * server-side preview token asks for them), passed on to the preview page as server-sent events.
 * The browser never holds the token; it learns only that something changed (`message`, no
 * content) and reloads its data, which reads the drafts again on this server.
 */
import { previewClient } from './preview.server';

const keepAliveMs = 15_000;

/** An SSE response that says `message` after each change to the dataset's drafts or documents. */
export function draftChangesStream(signal: AbortSignal): Response {
  const encoder = new TextEncoder();
  // Ends the subscription: the browser went away (cancel, abort) or the lake did.
  let stop = (): void => undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      const send = (text: string) => {
        if (open) controller.enqueue(encoder.encode(text));
      };
      const subscription = previewClient()
        .live.events({ includeDrafts: true, tag: 'ascent.preview' })
        .subscribe({
          next: (event) => {
            if (event.type === 'message') send(`event: message\ndata: ${JSON.stringify({ id: event.id })}\n\n`);
          },
          // The lake went away (a restart): the browser's EventSource reconnects on its own.
          error: () => stop(),
        });
      const keepAlive = setInterval(() => send(': ping\n\n'), keepAliveMs);
      stop = () => {
        if (!open) return;
        open = false;
        clearInterval(keepAlive);
        subscription.unsubscribe();
        try {
          controller.close();
        } catch {
          // Already closed: the browser went away.
        }
      };
      send(': open\n\n');
      signal.addEventListener('abort', () => stop(), { once: true });
    },
    cancel() {
      stop();
    },
  });
  return new Response(body, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      // Never kept by a cache (the server answers every cookie request private, no-store too);
      // no-transform: not compressed (a compressor would flush each event anyway).
      'cache-control': 'private, no-store, no-transform',
    },
  });
}
