/**
 * Why this tab was signed out, for /login to say once (sessionStorage: this tab only). The
 * SIGNED_OUT event's navigation carries no state, so the words wait here.
 */
const key = 'ascent-sign-out-reason';

export function keepSignOutReason(words: string): void {
  try {
    sessionStorage.setItem(key, words);
  } catch {
    // Storage refused (private mode quota): /login simply says nothing.
  }
}

/** The kept words (null: none). */
export function readSignOutReason(): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Forgets them once shown (a reload of /login no longer says it). */
export function clearSignOutReason(): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing kept.
  }
}
