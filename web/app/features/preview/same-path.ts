/**
 * A redirect target kept on this site: a path (`/about?x=1#y`), never `//other.example` or
 * `/\other.example`, which browsers read as another host. Anything else is the home page.
 */
export function samePath(target: string | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  return target;
}
