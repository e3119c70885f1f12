/**
 * The customer's profile as kept in the account's user metadata: read defensively (metadata is
 * whatever was stored), written through the form's schema. Pure: tested alone.
 */
import * as z from 'zod/mini';
import { normalisePhone } from './phone';

export const profileSchema = z.object({
  fullName: z.string().check(z.trim(), z.maxLength(200, 'A name must be at most 200 characters.')),
  phone: z.string().check(
    z.trim(),
    z.refine(
      (value) => value === '' || normalisePhone(value) !== null,
      'Please enter a valid phone number, e.g. 0712 345 678 or +254 712 345 678.',
    ),
  ),
  organisation: z.string().check(z.trim(), z.maxLength(200, 'The organisation must be at most 200 characters.')),
});

export type ProfileValues = z.output<typeof profileSchema>;

const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 200) : '');

/** The profile in `user_metadata` (empty strings for what is missing or not text). */
export function profileFromMetadata(metadata: Record<string, unknown> | null | undefined): ProfileValues {
  return {
    fullName: text(metadata?.fullName),
    phone: text(metadata?.phone),
    organisation: text(metadata?.organisation),
  };
}
