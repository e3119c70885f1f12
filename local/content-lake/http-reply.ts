/** Small reply helpers shared by the lake's endpoints: JSON bodies, Sanity's HTTP error shapes, request bodies. */
import type { IncomingMessage, ServerResponse } from 'node:http';

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
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** HTTP-level errors come as `{statusCode, error, message}` from Sanity's API (e.g. an unknown dataset). */
export function sendHttpError(res: ServerResponse, status: number, message: string): void {
  sendJson(res, status, { statusCode: status, error: reasons[status] ?? 'Error', message });
}

/** Request errors about the query itself come as `{error: {description, type}}`. */
export function sendBadRequest(res: ServerResponse, description: string): void {
  sendJson(res, 400, { error: { description, type: 'httpBadRequest' } });
}

export class BodyTooLargeError extends Error {}

/** The whole request body as text, refusing more than `limit` bytes. */
export async function readBody(req: IncomingMessage, limit = 10 * 1024 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) throw new BodyTooLargeError(`Request body exceeds ${limit} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
