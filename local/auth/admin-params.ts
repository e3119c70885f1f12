/** The body of POST and PUT /admin/users (GoTrue's AdminUserParams) and its shared checks. */
import { z } from 'zod';
import { badRequest } from './errors.ts';
import { parseGoDuration } from './go-duration.ts';

const metadata = z.record(z.string(), z.unknown());

export const adminUserParams = z.object({
  id: z.string().nullish(),
  aud: z.string().nullish(),
  role: z.string().nullish(),
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
  password_hash: z.string().nullish(),
  email_confirm: z.boolean().nullish(),
  phone_confirm: z.boolean().nullish(),
  user_metadata: metadata.nullish(),
  app_metadata: metadata.nullish(),
  ban_duration: z.string().nullish(),
});

export type AdminUserParams = z.infer<typeof adminUserParams>;

/** undefined: leave as is; null: lift the ban ("none"); a date: banned until then. */
export function bannedUntil(banDuration: string | null | undefined): Date | null | undefined {
  if (!banDuration) return undefined;
  if (banDuration === 'none') return null;
  const ms = parseGoDuration(banDuration);
  if (ms === null) {
    throw badRequest('validation_failed', `invalid format for ban duration: time: invalid duration "${banDuration}"`);
  }
  return new Date(Date.now() + ms);
}

/** Only bcrypt hashes are accepted here (GoTrue also takes argon2 and Firebase scrypt). */
export function checkPasswordHash(hash: string): string {
  if (!/^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/.test(hash)) {
    throw badRequest('validation_failed', 'Invalid password hash: only bcrypt hashes are supported');
  }
  return hash;
}
