/** Whether a request carries the service role key (scheduled workers): compared in constant time. */
import { Buffer } from 'node:buffer';
import { timingSafeEqual } from 'node:crypto';
import { requireEnv } from './env.ts';

export function bearer(req: Request): string {
  return /^Bearer (.+)$/.exec(req.headers.get('authorization') ?? '')?.[1] ?? '';
}

export function isServiceRole(req: Request): boolean {
  const given = Buffer.from(bearer(req));
  const expected = Buffer.from(requireEnv('SUPABASE_SERVICE_ROLE_KEY'));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
