/** The customer sign-in's two forms (zod/mini, as the site's other forms): the address, then the code. */
import * as z from 'zod/mini';

/** The e-mail rule of the database (private.is_email), as the registration form uses it. */
const EMAIL = /^[^@\s]+@[^@\s.]+(\.[^@\s.]+)+$/;

export const codeSignInMessages = {
  email: 'Please enter a valid e-mail address.',
  code: 'Enter the 6-digit code from the e-mail.',
} as const;

export const emailStepSchema = z.object({
  email: z.string().check(
    z.trim(),
    z.refine((value) => value.length <= 254 && EMAIL.test(value), codeSignInMessages.email),
  ),
});

export const codeStepSchema = z.object({
  // Spaces are forgiven: a code copied as "123 456" still works.
  code: z.string().check(
    z.overwrite((value) => value.replace(/\s+/g, '')),
    z.refine((value) => /^\d{6}$/.test(value), codeSignInMessages.code),
  ),
});

export type EmailStepValues = z.output<typeof emailStepSchema>;
export type CodeStepValues = z.output<typeof codeStepSchema>;
