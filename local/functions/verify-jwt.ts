/** The platform's `verify_jwt` gate: an HS256 token signed with the project's JWT secret, unexpired. */
import { errors, jwtVerify } from 'jose';
import { invalidJwt, malformedJwt, missingAuthHeader } from './platform-errors.ts';

/** null when the request may pass; otherwise the 401 the platform would send. */
export async function rejectUnlessValidJwt(request: Request, secret: Uint8Array): Promise<Response | null> {
  const header = request.headers.get('authorization');
  if (!header) return missingAuthHeader();
  const match = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)$/.exec(header);
  if (!match?.[1]) return malformedJwt();
  try {
    await jwtVerify(match[1], secret, { algorithms: ['HS256'] });
    return null;
  } catch (error) {
    if (error instanceof errors.JOSEError) return invalidJwt();
    throw error;
  }
}
