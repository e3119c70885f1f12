/**
 * The answers hosted Supabase's functions platform gives before or instead of a function's own
 * reply, with the same status and JSON shape, so client code sees the same errors locally.
 */

function platformError(status: number, code: string | number, message: string): Response {
  const headers: Record<string, string> = {};
  if (typeof code === 'string') headers['sb-error-code'] = code;
  return Response.json({ code, message }, { status, headers });
}

export const notFound = () => platformError(404, 'NOT_FOUND', 'Requested function was not found');
export const missingAuthHeader = () =>
  platformError(401, 'UNAUTHORIZED_NO_AUTH_HEADER', 'Missing authorization header');
export const malformedJwt = () => platformError(401, 'UNAUTHORIZED_INVALID_JWT_FORMAT', 'Invalid JWT');
/** Bad signature, wrong algorithm or expired: the long-standing platform reply. */
export const invalidJwt = () => platformError(401, 401, 'Invalid JWT');
/** The local runner's body cap (the platform documents none; a function may set a smaller one itself). */
export const payloadTooLarge = (limit: number) =>
  platformError(413, 'PAYLOAD_TOO_LARGE', `Request body too large (max ${limit} bytes)`);
export const bootError = () => platformError(503, 'BOOT_ERROR', 'Worker failed to boot (please check logs)');
export const workerError = () =>
  platformError(500, 'WORKER_ERROR', 'Function exited due to an error (please check logs)');
