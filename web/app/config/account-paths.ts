/** The customer account's addresses (issue 28): the account, its sign-in screen and its data rights page. */
export const accountPath = '/account';
export const accountSignInPath = '/account/sign-in';
export const accountDataPath = '/account/data';

/** The sign-in screen, coming back to `next` once signed in. */
export function signInThenBackTo(next: string): string {
  return `${accountSignInPath}?${new URLSearchParams({ next }).toString()}`;
}

/** Where the sign-in screen goes once signed in: `next` when it is a page of the account (never another site), else the account. */
export function accountReturnPath(next: string | null): string {
  return next !== null && /^\/account(\/[\w-]+)*$/.test(next) ? next : accountPath;
}
