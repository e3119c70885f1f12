/** Small reply helpers shared by the lake's endpoints: JSON bodies, Sanity's HTTP error shapes, request bodies. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { closeAfterAnswer, MiB, readNodeCapped } from '../http/body-limit.ts';

export { BodyTooLargeError } from '../http/body-limit.ts';

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-cache',
    ...headers,
  });
  res.end(text);
}

const reasons: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** HTTP-level errors come as `{statusCode, error, message}` from Sanity's API (e.g. an unknown dataset). */
export function sendHttpError(res: ServerResponse, status: number, message: string): void {
  // A 413 leaves the body unread: the rest must not pass for a next request.
  if (status === 413) closeAfterAnswer(res.req, res);
  sendJson(res, status, { statusCode: status, error: reasons[status] ?? 'Error', message });
}

/** Request errors about the query itself come as `{error: {description, type}}`. */
export function sendBadRequest(res: ServerResponse, description: string): void {
  sendJson(res, 400, { error: { description, type: 'httpBadRequest' } });
}

/** The largest query or mutation body the lake reads. */
export const maxJsonBodyBytes = 10 * MiB;

/** The whole request body as text; BodyTooLargeError (unread when declared) above `limit` bytes. */
export async function readBody(req: IncomingMessage, limit = maxJsonBodyBytes): Promise<string> {
  return (await readNodeCapped(req, limit)).toString('utf8');
}
