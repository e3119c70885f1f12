/** Daraja's per-request timestamp (Nairobi time) and password: base64(shortcode + passkey + timestamp). */
import { Buffer } from 'node:buffer';

/** YYYYMMDDHHmmss in Africa/Nairobi (UTC+3 all year: Kenya has no daylight saving). */
export function darajaTimestamp(at: Date = new Date()): string {
  return new Date(at.getTime() + 3 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
}

export function darajaPassword(shortcode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortcode}${passkey}${timestamp}`, 'utf8').toString('base64');
}
