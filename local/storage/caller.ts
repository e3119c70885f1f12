/** Who is asking: the request's JWT, verified with the project's secret, as storage-api reads it. */
import { errors as jose, jwtVerify, type JWTPayload } from 'jose';
import { errors } from './errors.ts';

export interface Caller {
  /** The database role the request runs as (the `role` claim: anon, authenticated, service_role). */
  role: string;
  /** The user's id (`sub`), when signed in. */
  sub: string | undefined;
  claims: JWTPayload;
}

/** The roles a token may ask for: PostgreSQL would refuse any other `set role` anyway. */
const knownRoles = new Set(['anon', 'authenticated', 'service_role']);

/** jsonwebtoken's wording, which storage-api passes on. */
function reason(error: unknown): string {
  if (error instanceof jose.JWTExpired) return 'jwt expired';
  if (error instanceof jose.JWSSignatureVerificationFailed) return 'invalid signature';
  return 'jwt malformed';
}

export async function callerOf(request: Request, secret: Uint8Array): Promise<Caller> {
  const header = request.headers.get('authorization') ?? '';
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (!token) throw errors.invalidJwt('No authorization header or a malformed one');
  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(token, secret, { algorithms: ['HS256'] }));
  } catch (error) {
    if (error instanceof jose.JOSEError) throw errors.invalidJwt(reason(error));
    throw error;
  }
  const role = typeof claims.role === 'string' ? claims.role : '';
  if (!knownRoles.has(role)) throw errors.invalidJwt(`role "${role}" does not exist`);
  return { role, sub: typeof claims.sub === 'string' ? claims.sub : undefined, claims };
}
