/** The capture's web side: an HTML inbox and a small JSON API over the message store. */
import { Hono } from 'hono';
import type { RequestHandler } from '../http/serve.ts';
import { inboxPage, messagePage, notFoundPage } from './inbox-html.ts';
import type { MessageStore } from './message-store.ts';

/** Pages run no scripts and load nothing remote; frames may only show this server's own pages. */
const pagePolicy =
  "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; base-uri 'none'; form-action 'self'";
/**
 * A captured message's own HTML is untrusted: served alone, in a CSP sandbox (opaque origin, no
 * scripts, no forms) on top of the iframe's sandbox attribute, with no remote loads (no tracking
 * pixels, no external CSS).
 */
const messageHtmlPolicy = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:";

function html(body: string, status = 200, policy = pagePolicy): Response {
  return new Response(body, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': policy,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    },
  });
}

function notAllowed(allow: string): Response {
  return Response.json({ message: 'Method not allowed' }, { status: 405, headers: { allow } });
}

/** Routes on Hono: GET routes answer HEAD; another method gets a 405 naming the allowed ones. */
export function createInboxHandler(store: MessageStore): RequestHandler {
  const app = new Hono();
  // `?headers-only`: who, what and the Message-ID, without bodies (the soak counts 20,000 mails).
  app.get('/api/messages', (c) => {
    const list = store.list();
    const body =
      c.req.query('headers-only') === undefined
        ? list
        : list.map(({ id, receivedAt, to, subject, messageId }) => ({ id, receivedAt, to, subject, messageId }));
    return Response.json(body, { headers: { 'cache-control': 'no-store' } });
  });
  app.delete('/api/messages', () => {
    store.clear();
    return new Response(null, { status: 204 });
  });
  app.all('/api/messages', () => notAllowed('GET, HEAD, DELETE'));
  app.get('/api/messages/:id', (c) => {
    const message = store.get(c.req.param('id'));
    return message ? Response.json(message) : Response.json({ message: 'Message not found' }, { status: 404 });
  });
  app.all('/api/messages/:id', () => notAllowed('GET, HEAD'));
  // An attachment's bytes (a PDF a test reads back), by its place in the message's `attachments`.
  app.get('/api/messages/:id/attachments/:index', (c) => {
    const { id, index } = c.req.param();
    const file = store.get(id)?.attachments[Number(index)];
    const bytes = /^\d+$/.test(index) ? store.attachment(id, Number(index)) : undefined;
    if (!file || !bytes) return Response.json({ message: 'Attachment not found' }, { status: 404 });
    return new Response(new Blob([new Uint8Array(bytes)]), {
      headers: { 'content-type': file.contentType, 'cache-control': 'no-store' },
    });
  });
  app.all('/api/messages/:id/attachments/:index', () => notAllowed('GET, HEAD'));
  app.get('/', () => html(inboxPage(store.list())));
  app.all('/', () => notAllowed('GET, HEAD'));
  // The page's "Delete all" is a plain form, so the inbox works without scripts.
  app.post('/clear', () => {
    store.clear();
    return new Response(null, { status: 303, headers: { location: '/' } });
  });
  app.all('/clear', () => notAllowed('POST'));
  app.get('/messages/:id', (c) => {
    const message = store.get(c.req.param('id'));
    return message ? html(messagePage(message)) : html(notFoundPage(), 404);
  });
  app.get('/messages/:id/html', (c) => {
    const message = store.get(c.req.param('id'));
    return message?.html ? html(message.html, 200, messageHtmlPolicy) : html(notFoundPage(), 404);
  });
  app.all('/messages/:id/html', () => notAllowed('GET, HEAD'));
  app.all('/messages/:id', () => notAllowed('GET, HEAD'));
  app.notFound(() => html(notFoundPage(), 404));
  return async (request) => app.fetch(request);
}
