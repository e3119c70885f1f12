/**
 * A KRA PIN (Kenya Revenue Authority personal identification number): a letter, nine digits and a
 * letter, e.g. P051234567X (P for companies, A for individuals). The buyer's PIN goes on the tax
 * invoice so that their expense is matched in iTax (issue 29). The database holds the same
 * pattern in the orders_buyer_kra_pin_format constraint (a test holds the two together).
 */
export const KRA_PIN_PATTERN = /^[A-Z][0-9]{9}[A-Z]$/;

export const KRA_PIN_MESSAGE = 'A KRA PIN is a letter, nine digits and a letter, for example P051234567X.';

/** What a person types, as it is stored: spaces dropped, letters in capitals. */
export function normaliseKraPin(typed: string): string {
  return typed.replace(/\s+/g, '').toUpperCase();
}

export function isKraPin(value: string): boolean {
  return KRA_PIN_PATTERN.test(value);
}
