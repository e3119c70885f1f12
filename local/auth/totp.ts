/**
 * TOTP as GoTrue uses it (pquerna/otp): a 20-byte base32 secret, SHA-1, 6 digits, 30 s steps,
 * one step of skew either way; the QR code is an SVG of the otpauth:// URI (error correction H).
 */
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

export interface TotpKey {
  secret: string;
  uri: string;
  /** The SVG markup itself: GoTrue sends it raw and auth-js turns it into a data URI. */
  qrSvg: string;
}

function totp(secret: string, issuer = '', account = ''): TOTP {
  return new TOTP({
    issuer,
    label: account,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });
}

export async function generateTotpKey(issuer: string, account: string): Promise<TotpKey> {
  const secret = new Secret({ size: 20 }).base32;
  const uri = totp(secret, issuer, account).toString();
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'H' });
  return { secret, uri, qrSvg };
}

/** True when `code` is the secret's code for now, the step before or the step after. */
export function totpCodeValid(secret: string, code: string, nowMs: number): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  return totp(secret).validate({ token: code, timestamp: nowMs, window: 1 }) !== null;
}

/** The current code (for tests and scripts that play the authenticator app). */
export function totpCode(secret: string, nowMs = Date.now()): string {
  return totp(secret).generate({ timestamp: nowMs });
}
