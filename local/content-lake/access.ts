/**
 * Who may write and read private data on the lake (Sanity: a token; anonymous callers see only
 * published documents). The lake makes a random token at each start; an editor is a request that
 * carries it, either as `Authorization: Bearer <token>` (scripts, tests, the CLI) or as the
 * session cookie the lake sets on the Studio's page it serves (HttpOnly, Secure,
 * SameSite=Strict: never sent by another site's page). A request from a browser page whose
 * Origin is not on the allow-list (the Studio's own origins) is never an editor, token or not,
 * so a page on another site can neither write nor read drafts, even in the editor's browser.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const sessionCookieName = 'lake_session';

export type Caller = 'editor' | 'anonymous';

export interface LakeAccess {
  /** The per-start token (Bearer); also the Studio's session cookie value. */
  readonly token: string;
  /** True for an allow-listed browser origin (the Studio's own). */
  originAllowed(origin: string): boolean;
  /** A browser page on another origin: refused for writes and private reads, whatever it carries. */
  foreignOrigin(req: IncomingMessage): string | undefined;
  callerOf(req: IncomingMessage): Caller;
  /** The Set-Cookie header that gives the Studio's page its session. */
  sessionCookie(): string;
}

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

function bearer(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}

/** `origins()`: the allow-list, read per request (the lake's own origins are known once it listens). */
export function createLakeAccess(origins: () => readonly string[], token = randomBytes(32).toString('base64url')) {
  const expected = digest(token);
  const matches = (candidate: string | undefined): boolean =>
    candidate !== undefined && timingSafeEqual(digest(candidate), expected);
  const access: LakeAccess = {
    token,
    originAllowed: (origin) => origins().includes(origin),
    foreignOrigin(req) {
      const origin = req.headers.origin;
      return origin !== undefined && !access.originAllowed(origin) ? origin : undefined;
    },
    callerOf(req) {
      if (access.foreignOrigin(req) !== undefined) return 'anonymous';
      const presented = bearer(req.headers.authorization) ?? cookieValue(req.headers.cookie, sessionCookieName);
      return matches(presented) ? 'editor' : 'anonymous';
    },
    sessionCookie: () => `${sessionCookieName}=${token}; Path=/; HttpOnly; Secure; SameSite=Strict`,
  };
  return access;
}

const simpleBodyTypes = new Set(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']);

/**
 * A body a page on any site may send without a CORS preflight (a form, or fetch with a simple
 * type or none): uploads refuse it, so no cross-site request can carry one even if it got past
 * the checks above. A body without a type is simple only without an Authorization header (which
 * itself needs a preflight): scripts upload bytes with a token and no type.
 */
export function isSimpleRequestBody(req: IncomingMessage): boolean {
  const type = req.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (type === undefined || type === '') return req.headers.authorization === undefined;
  return simpleBodyTypes.has(type);
}

/** Mutations and actions are JSON, as @sanity/client and the Studio send them. */
export function isJsonBody(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() === 'application/json';
}
