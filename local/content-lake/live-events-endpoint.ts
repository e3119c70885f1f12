/**
 * `GET /v<apiVersion>/data/live/events/<dataset>`: the Live Content API's event stream, which the
 * Studio's Presentation tool subscribes to (through @sanity/client's `live.events()`) and crashes
 * without. This lake answers `welcome` and keeps the stream open with comments; it sends no
 * `message` events, because its query results carry no sync tags to invalidate (the website's
 * preview refreshes on the Studio's word instead: docs/preview.md).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

const keepAliveMs = 15_000;

export function handleLiveEvents(req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    'X-Accel-Buffering': 'no',
  });
  res.write('event: welcome\ndata: {}\n\n');
  const keepAlive = setInterval(() => res.write(': ping\n\n'), keepAliveMs);
  keepAlive.unref();
  const close = (): void => clearInterval(keepAlive);
  res.on('close', close);
  req.on('close', close);
}
