/** GoTrue's error replies: one error type, rendered in the reply format the client's API version asks for. */

/** A failure with GoTrue's HTTP status, error code and message (plus reasons for weak passwords). */
export class AuthError extends Error {
  readonly status: number;
  readonly code: string;
  readonly weakPasswordReasons: string[] | undefined;
  /** Extra reply headers (Retry-After on a back-off). */
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: string,
    message: string,
    weakPasswordReasons?: string[],
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AuthError';
    this.status = status;
    this.code = code;
    this.weakPasswordReasons = weakPasswordReasons;
    this.headers = headers;
  }
}

export const badRequest = (code: string, message: string) => new AuthError(400, code, message);
export const forbidden = (code: string, message: string) => new AuthError(403, code, message);
export const notFound = (code: string, message: string) => new AuthError(404, code, message);
export const unprocessable = (code: string, message: string) => new AuthError(422, code, message);
/** GoTrue's rate-limit reply; Retry-After (GoTrue sends none) tells a client how long to wait. */
export const rateLimited = (seconds: number) =>
  new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached', undefined, {
    'retry-after': String(seconds),
  });

const versionHeader = 'x-supabase-api-version';
const version20240101 = Date.parse('2024-01-01T00:00:00Z');

/**
 * auth-js sends `X-Supabase-Api-Version: 2024-01-01`; GoTrue then answers `{code: <error code>,
 * message}` and echoes the version, otherwise the legacy `{code: <status>, error_code, msg}`.
 */
function usesVersion20240101(request: Request): boolean {
  const value = request.headers.get(versionHeader);
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(date) && date >= version20240101;
}

export function errorResponse(error: AuthError, request: Request): Response {
  const headers = new Headers({ ...error.headers, 'content-type': 'application/json', 'x-sb-error-code': error.code });
  const weak = error.weakPasswordReasons ? { weak_password: { reasons: error.weakPasswordReasons } } : {};
  let body: Record<string, unknown>;
  if (usesVersion20240101(request)) {
    headers.set(versionHeader, '2024-01-01');
    body = { code: error.code, message: error.message, ...weak };
  } else {
    body = { code: error.status, error_code: error.code, msg: error.message, ...weak };
  }
  return new Response(JSON.stringify(body), { status: error.status, headers });
}

/** Anything that is not an AuthError is a bug or an outage: log it, answer as GoTrue does. */
export function unexpectedFailure(): AuthError {
  return new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information');
}
