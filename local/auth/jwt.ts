/** Access tokens as GoTrue mints them (HS256, its claim set) and its verdicts on tokens it is shown. */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { forbidden } from './errors.ts';

export interface AccessTokenClaims {
  iss: string;
  sub: string;
  aud: string;
  exp: number;
  iat: number;
  email: string;
  phone: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  role: string;
  aal: 'aal1' | 'aal2';
  amr: { method: string; timestamp: number }[];
  session_id: string;
  is_anonymous: boolean;
}

export function signAccessToken(secret: Uint8Array, claims: AccessTokenClaims): Promise<string> {
  // The claim object is passed whole so the payload keeps GoTrue's claim set and names.
  return new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret);
}

/** golang-jwt's wording, which GoTrue puts after "invalid JWT: unable to parse or verify signature, ". */
function goJwtReason(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'token has invalid claims: token is expired';
  if (error instanceof errors.JWTClaimValidationFailed) return `token has invalid claims: ${error.message}`;
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'token signature is invalid: signature is invalid';
  if (error instanceof errors.JOSEAlgNotAllowed) return 'token signature is invalid: signing method is invalid';
  return `token is malformed: ${(error as Error).message}`;
}

/** Verifies signature and time claims; any failure is 403 bad_jwt, as in GoTrue's parseJWTClaims. */
export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<JWTPayload> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    return payload;
  } catch (error) {
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${goJwtReason(error)}`);
  }
}

/** True when `token` is an HS256 JWT signed with `secret` (synchronous, for start-up checks). */
export function isSignedWith(token: string, secret: string): boolean {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return false;
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
