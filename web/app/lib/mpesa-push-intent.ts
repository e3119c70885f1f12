/**
 * Checkout's hand-over to the confirmation page for "M-Pesa (pay now on your phone)": the number
 * to push to, kept in this tab's sessionStorage (never in the URL), and whether the push is still
 * to be started (once: a reload must not send a second prompt).
 */

interface Intent {
  phone: string;
  start: boolean;
}

const key = (token: string) => `ascent:mpesa-push:${token}`;

function write(token: string, intent: Intent): void {
  try {
    sessionStorage.setItem(key(token), JSON.stringify(intent));
  } catch {
    // Storage blocked: the confirmation page then offers the push with an empty phone field.
  }
}

export function rememberMpesaPush(token: string, phone: string): void {
  write(token, { phone, start: true });
}

export function readMpesaPush(token: string): Intent | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(key(token)) ?? 'null');
    if (typeof value !== 'object' || value === null || !('phone' in value) || typeof value.phone !== 'string')
      return null;
    return { phone: value.phone, start: 'start' in value && value.start === true };
  } catch {
    return null;
  }
}

/** The push has been asked for: keep the number for "Try again", never start it again by itself. */
export function markMpesaPushStarted(token: string, phone: string): void {
  write(token, { phone, start: false });
}
