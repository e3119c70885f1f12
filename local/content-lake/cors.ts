/**
 * CORS for browser code, as a hosted project with a CORS allow-list: the Studio's own origins
 * (the allow-list) get their origin echoed with credentials and their preflights approved; any
 * other origin gets `*` without credentials (published documents and images are public) and its
 * preflights refused, so a page elsewhere can neither send a non-simple request nor read a
 * credentialed answer. What such a page may still send without a preflight (GET, a form or a
 * text/plain POST) is refused by the endpoints themselves (access.ts). Hand-written: hono/cors cannot
 * refuse a preflight (403), and the lake serves node:http and HTTP/2 requests, not web Requests.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LakeAccess } from './access.ts';
import { sendHttpError } from './http-reply.ts';

const allowedMethods = 'GET, HEAD, POST, OPTIONS';
const defaultAllowedHeaders = 'Authorization, Content-Type, X-Sanity-Project-ID, X-Sanity-Client, Traceparent';

export function applyCors(req: IncomingMessage, res: ServerResponse, access: LakeAccess): void {
  const origin = req.headers.origin;
  res.setHeader('Vary', 'Origin');
  if (!origin) return;
  res.setHeader('Access-Control-Expose-Headers', 'Content-Length, Content-Type, ETag, X-Local-Cache');
  if (!access.originAllowed(origin)) {
    res.setHeader('Access-Control-Allow-Origin', '*');
    return;
  }
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Access-Control-Allow-Credentials', 'true');
}

/** Answers an OPTIONS preflight; call after applyCors. */
export function answerPreflight(req: IncomingMessage, res: ServerResponse, access: LakeAccess): void {
  const origin = req.headers.origin;
  if (origin && !access.originAllowed(origin)) {
    res.removeHeader('Access-Control-Allow-Origin');
    return sendHttpError(res, 403, `Origin ${origin} is not allowed: only the Studio calls this API from a browser`);
  }
  const requested = req.headers['access-control-request-headers'];
  res.writeHead(204, {
    'Access-Control-Allow-Methods': allowedMethods,
    'Access-Control-Allow-Headers': requested || defaultAllowedHeaders,
    'Access-Control-Max-Age': '600',
    'Content-Length': '0',
  });
  res.end();
}
