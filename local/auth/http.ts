/** Request and reply plumbing shared by the routes: JSON bodies, the client's address, bearer tokens. */
import { isIP } from 'node:net';
import type { z } from 'zod';
import { AuthError, badRequest } from './errors.ts';

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/** Parses the body as GoTrue does (an empty or malformed body is `bad_json`), then checks its shape. */
export async function readJson<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  return parseBody(await request.text(), schema);
}

/** As readJson, but an empty body reads as `{}` (GoTrue parses some bodies only when present). */
export async function readOptionalJson<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  const text = await request.text();
  return parseBody(text.trim() === '' ? '{}' : text, schema);
}

function parseBody<T extends z.ZodType>(text: string, schema: T): z.infer<T> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw badRequest('bad_json', `Could not parse request body as JSON: ${(error as Error).message}`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw badRequest('bad_json', `Could not parse request body as JSON: ${where}${issue?.message ?? 'invalid body'}`);
  }
  return parsed.data;
}

/**
 * The client's address: the last X-Forwarded-For entry, the one our gateway appended from the
 * socket. Earlier entries come from the client and could be forged to dodge the IP limit.
 */
export function clientIp(request: Request): string | null {
  const last = request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim();
  return last && isIP(last) ? last : null;
}

/** GoTrue's bearer rule (`^(?:B|b)earer (\S+$)`); anything else is 401 no_authorization. */
export function bearerToken(request: Request): string {
  const match = /^(?:B|b)earer (\S+)$/.exec(request.headers.get('authorization') ?? '');
  if (!match?.[1]) throw new AuthError(401, 'no_authorization', 'This endpoint requires a Bearer token');
  return match[1];
}
