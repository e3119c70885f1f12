/**
 * The enquiry form's rules, as zod (the tree-shakable `zod/mini`), with the messages
 * submit_enquiry uses for the same refusals, so the form refuses what the server would.
 */
import * as z from 'zod/mini';
import { normalisePhone } from '../../lib/phone';

/** The e-mail rule of the database (private.is_email). */
const EMAIL = /^[^@\s]+@[^@\s.]+(\.[^@\s.]+)+$/;

export const MAX_MESSAGE_LENGTH = 5000;

export const TOPICS = [
  { value: 'training', label: 'Training' },
  { value: 'advisory', label: 'Advisory' },
  { value: 'technology', label: 'Technology' },
  { value: 'insurance', label: 'Insurance' },
  { value: 'other', label: 'Something else' },
] as const;

export const enquiryMessages = {
  name: 'Please enter your name.',
  email: 'Please enter a valid e-mail address.',
  phone: 'Please enter a valid phone number, e.g. 0712 345 678 or +254 712 345 678, or leave it empty.',
  organisation: 'The organisation name must be at most 200 characters.',
  topic: 'Please choose what your enquiry is about.',
  message: 'Please write your message.',
  tooLong: (length: number) => `Your message is ${length} characters long; please keep it to 5,000.`,
  consent: 'Please agree that we may use your details to answer your enquiry.',
} as const;

export const enquirySchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, enquiryMessages.name), z.maxLength(200, enquiryMessages.name)),
  email: z.string().check(
    z.trim(),
    z.refine((value) => value.length <= 254 && EMAIL.test(value), enquiryMessages.email),
  ),
  phone: z.string().check(
    z.trim(),
    z.refine((value) => value === '' || normalisePhone(value) !== null, enquiryMessages.phone),
  ),
  organisation: z.string().check(z.trim(), z.maxLength(200, enquiryMessages.organisation)),
  topic: z.string().check(z.refine((value) => TOPICS.some((t) => t.value === value), enquiryMessages.topic)),
  message: z.string().check(
    z.trim(),
    z.minLength(1, enquiryMessages.message),
    z.superRefine((value, ctx) => {
      if (value.length > MAX_MESSAGE_LENGTH)
        ctx.addIssue({ code: 'custom', message: enquiryMessages.tooLong(value.length), input: value });
    }),
  ),
  consent: z.boolean().check(z.refine((value) => value, enquiryMessages.consent)),
  /** The honeypot: hidden from people, left empty by them. */
  website: z.string(),
});

export type EnquiryValues = z.output<typeof enquirySchema>;
