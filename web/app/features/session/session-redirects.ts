/** Where the session sends the browser, as the specification's redirect rules say (pure: tested alone). */

import { adminPath, loginPath } from '../../config/staff-paths';
import type { SignInStage } from './sign-in-stage';

export { adminPath, loginPath };

/** The sign-in screen itself (not its sub-pages: /login/reset must stay put while recovering). */
export function isLoginPath(pathname: string): boolean {
  return pathname === loginPath || pathname === `${loginPath}/`;
}

/** The admin area: /admin and everything under it. */
export function isAdminPath(pathname: string): boolean {
  return pathname === adminPath || pathname.startsWith(`${adminPath}/`);
}

/**
 * Where a known sign-in stage belongs: no session, or the second step still due, is not for
 * /admin; a complete sign-in does not stay on /login. Only /login itself and the admin area move.
 */
export function stageRedirect(pathname: string, stage: SignInStage): string | undefined {
  if ((stage === 'signed-out' || stage === 'code') && isAdminPath(pathname)) return loginPath;
  if (stage === 'complete' && isLoginPath(pathname)) return adminPath;
  return undefined;
}
