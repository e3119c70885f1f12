/** The M-Pesa number as Daraja takes it (2547XXXXXXXX / 2541XXXXXXXX), from any Kenyan mobile format checkout accepts. */
import { normalisePhone } from './phone';

export function normaliseMpesaPhone(raw: string): string | null {
  const e164 = normalisePhone(raw);
  return e164 && /^\+254[17][0-9]{8}$/.test(e164) ? e164.slice(1) : null;
}

export const MPESA_PHONE_MESSAGE = 'Please enter a Kenyan M-Pesa number, e.g. 0712 345 678 or +254 712 345 678.';
