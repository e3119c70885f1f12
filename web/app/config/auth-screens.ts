/**
 * The headings of the sign-in screens, by path: each screen's own heading, and the server's
 * placeholder for it while the session layout (browser only) loads, so the frame and the heading
 * (the page's largest text) are in the first paint.
 */
export const AUTH_SCREEN_TITLES = {
  '/login': 'Staff sign-in',
  '/login/forgot': 'Forgot password',
  '/login/reset': 'Set a new password',
  '/account/sign-in': 'Sign in to your account',
  '/account': 'Your account',
} as const;

export function authScreenTitle(pathname: string): string | undefined {
  const path = pathname.replace(/\/+$/, '');
  return Object.hasOwn(AUTH_SCREEN_TITLES, path)
    ? AUTH_SCREEN_TITLES[path as keyof typeof AUTH_SCREEN_TITLES]
    : undefined;
}
