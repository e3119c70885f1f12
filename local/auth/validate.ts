/** GoTrue's checks on e-mail addresses and phone numbers, with its messages. */
import { badRequest } from './errors.ts';

// checkmail.ValidateFormat's pattern: a local part of permitted characters, then a dotted domain.
const emailFormat =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Returns the address lower-cased, as GoTrue stores it. */
export function validateEmail(email: string): string {
  if (email === '') throw badRequest('validation_failed', 'An email address is required');
  if (email.length > 255) throw badRequest('validation_failed', 'An email address is too long');
  if (!emailFormat.test(email))
    throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  return email.toLowerCase();
}

/** GoTrue stores phones as E.164 digits without the plus sign or spaces. */
export function formatPhone(phone: string): string {
  return phone.replace(/^\+/, '').replaceAll(' ', '');
}

export function validatePhone(phone: string): string {
  const formatted = formatPhone(phone);
  if (!/^[1-9]\d{1,14}$/.test(formatted)) {
    throw badRequest('validation_failed', 'Invalid phone number format (E.164 required)');
  }
  return formatted;
}

const uuidFormat = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return uuidFormat.test(value);
}
