/** Where the session sends the browser, as the specification's redirect rules say (pure: tested alone). */

import { adminPath, loginPath } from '../../config/staff-paths';

export { adminPath, loginPath };

/** The sign-in screen itself (not its sub-pages: /login/reset must stay put while recovering). */
export function isLoginPath(pathname: string): boolean {
  return pathname === loginPath || pathname === `${loginPath}/`;
}

/** The admin area: /admin and everything under it. */
export function isAdminPath(pathname: string): boolean {
  return pathname === adminPath || pathname.startsWith(`${adminPath}/`);
}

/** At startup: a session found on /login goes to /admin; none on /admin goes to /login. */
export function startupRedirect(pathname: string, signedIn: boolean): string | undefined {
  if (signedIn && isLoginPath(pathname)) return adminPath;
  if (!signedIn && isAdminPath(pathname)) return loginPath;
  return undefined;
}
