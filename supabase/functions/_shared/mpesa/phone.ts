/** The M-Pesa phone number as Daraja wants it (2547XXXXXXXX / 2541XXXXXXXX) from what a customer types. */

/** 07XX / 01XX / +2547XX / 2547XX (spaces, dashes, dots and brackets allowed) -> 2547XXXXXXXX; null if not a Kenyan mobile. */
export function normaliseMpesaPhone(input: string): string | null {
  const compact = input.trim().replace(/[\s.\-()]/g, '');
  const match = /^(?:\+?254|0)([71]\d{8})$/.exec(compact);
  return match ? `254${match[1]}` : null;
}

/** For staff screens and logs: 2547****5678. */
export function maskPhone(msisdn: string): string {
  return msisdn.length < 8 ? '****' : `${msisdn.slice(0, 4)}****${msisdn.slice(-4)}`;
}
