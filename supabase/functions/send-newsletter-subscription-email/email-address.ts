/** Normalises a newsletter e-mail address and rejects what cannot be a deliverable address. */

/** RFC 5321's limit on a forward path; also the column's practical bound. */
export const maxEmailLength = 254;

// The browser's own type=email rule (WHATWG), which the form enforces, plus a required dot in
// the domain: `name@localhost` passes a browser but is no address a newsletter can reach.
const label = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const emailPattern = new RegExp(`^[a-z0-9.!#$%&'*+/=?^_\`{|}~-]{1,64}@${label}(?:\\.${label})+$`);

/** The address trimmed and lower-cased, or null when it is not a valid e-mail address. */
export function normaliseEmail(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const email = value.trim().toLowerCase();
  if (email.length > maxEmailLength || !emailPattern.test(email)) return null;
  // Dots may not start or end the local part, nor come in pairs (RFC 5322 dot-atom).
  if (email.startsWith('.') || email.includes('..') || email.includes('.@')) return null;
  return email;
}
