/**
 * CORS like Sanity's API for browser code: the calling origin is echoed with credentials allowed,
 * and preflights approve the headers @sanity/client sends (Authorization, X-Sanity-Project-ID, ...).
 * The lake only listens on loopback, so every origin is accepted rather than a configured list.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

const allowedMethods = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
const defaultAllowedHeaders = 'Authorization, Content-Type, X-Sanity-Project-ID, X-Sanity-Client, Traceparent';

export function applyCors(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  res.setHeader('Vary', 'Origin');
  if (!origin) return;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Access-Control-Allow-Credentials', 'true');
  res.setHeader('Access-Control-Expose-Headers', 'Content-Length, Content-Type, ETag, X-Local-Cache');
}

/** Answers an OPTIONS preflight; call after applyCors. */
export function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  const requested = req.headers['access-control-request-headers'];
  res.writeHead(204, {
    'Access-Control-Allow-Methods': allowedMethods,
    'Access-Control-Allow-Headers': requested || defaultAllowedHeaders,
    'Access-Control-Max-Age': '600',
    'Content-Length': '0',
  });
  res.end();
}
