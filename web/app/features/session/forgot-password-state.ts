/** The e-mail address /login hands to /login/forgot in the navigation's state, so it is not typed twice. */

export function forgotPasswordState(email: string): { email: string } | undefined {
  const trimmed = email.trim();
  return trimmed ? { email: trimmed } : undefined;
}

/** The address carried over, if the state is the one `forgotPasswordState` made. */
export function carriedEmail(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('email' in state)) return '';
  return typeof state.email === 'string' ? state.email : '';
}
