/**
 * The event registration form's rules, as zod (the tree-shakable `zod/mini`), with the messages
 * register_for_event uses for the same refusals, so the form refuses what the server would.
 */
import * as z from 'zod/mini';
import { normalisePhone } from '../../lib/phone';

/** The e-mail rule of the database (private.is_email). */
const EMAIL = /^[^@\s]+@[^@\s.]+(\.[^@\s.]+)+$/;

export const registrationMessages = {
  name: 'Please enter your full name.',
  email: 'Please enter a valid e-mail address.',
  phone: 'Please enter a valid phone number, e.g. 0712 345 678 or +254 712 345 678.',
  organisation: 'The organisation name must be at most 200 characters.',
  seats: 'Please choose from 1 to 10 seats.',
} as const;

export const registrationSchema = z.object({
  name: z
    .string()
    .check(z.trim(), z.minLength(1, registrationMessages.name), z.maxLength(200, registrationMessages.name)),
  email: z.string().check(
    z.trim(),
    z.refine((value) => value.length <= 254 && EMAIL.test(value), registrationMessages.email),
  ),
  phone: z.string().check(
    z.trim(),
    z.refine((value) => normalisePhone(value) !== null, registrationMessages.phone),
  ),
  organisation: z.string().check(z.trim(), z.maxLength(200, registrationMessages.organisation)),
  seats: z.string().check(z.refine((value) => /^(10|[1-9])$/.test(value), registrationMessages.seats)),
});

export type RegistrationValues = z.output<typeof registrationSchema>;
