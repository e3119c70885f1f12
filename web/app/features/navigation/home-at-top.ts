import type { NavigationType } from 'react-router';

/** Arriving at / (not by back/forward) with no section to go to starts at the top. */
export function startHomeAtTop(pathname: string, navigationType: NavigationType): void {
  if (pathname === '/' && navigationType !== 'POP') window.scrollTo({ top: 0 });
}
