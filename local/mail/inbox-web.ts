/** The capture's web side: an HTML inbox and a small JSON API over the message store. */
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

export function createInboxHandler(store: MessageStore): RequestHandler {
  return async (request) => {
    const { pathname } = new URL(request.url);
    const method = request.method;
    const read = method === 'GET' || method === 'HEAD';

    if (pathname === '/api/messages') {
      if (read) return Response.json(store.list(), { headers: { 'cache-control': 'no-store' } });
      if (method === 'DELETE') {
        store.clear();
        return new Response(null, { status: 204 });
      }
      return notAllowed('GET, HEAD, DELETE');
    }
    const apiMatch = /^\/api\/messages\/([^/]+)$/.exec(pathname);
    if (apiMatch?.[1]) {
      if (!read) return notAllowed('GET, HEAD');
      const message = store.get(decodeURIComponent(apiMatch[1]));
      return message ? Response.json(message) : Response.json({ message: 'Message not found' }, { status: 404 });
    }
    if (pathname === '/') return read ? html(inboxPage(store.list())) : notAllowed('GET, HEAD');
    if (pathname === '/clear') {
      // The page's "Delete all" is a plain form, so the inbox works without scripts.
      if (method !== 'POST') return notAllowed('POST');
      store.clear();
      return new Response(null, { status: 303, headers: { location: '/' } });
    }
    const pageMatch = /^\/messages\/([^/]+)(\/html)?$/.exec(pathname);
    if (pageMatch?.[1]) {
      if (!read) return notAllowed('GET, HEAD');
      const message = store.get(decodeURIComponent(pageMatch[1]));
      if (!message) return html(notFoundPage(), 404);
      if (pageMatch[2]) return message.html ? html(message.html, 200, messageHtmlPolicy) : html(notFoundPage(), 404);
      return html(messagePage(message));
    }
    return html(notFoundPage(), 404);
  };
}
