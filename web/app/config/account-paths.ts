/** The customer account's addresses (issue 28): the sign-in screen, and the data rights page that sends there. */
export const accountSignInPath = '/account/sign-in';
export const accountDataPath = '/account/data';

/** The sign-in screen, coming back to `next` once signed in. */
export function signInThenBackTo(next: string): string {
  return `${accountSignInPath}?${new URLSearchParams({ next }).toString()}`;
}
