/** CMS redirects: permanent ones answer 301 (308 for non-GET), temporary ones 302 (307). */
import { fetchContent } from './fetch.server';
import { REDIRECTS_QUERY } from './queries';

export interface RedirectTarget {
  location: string;
  status: 301 | 302 | 307 | 308;
}

export async function findRedirect(pathname: string, method: string): Promise<RedirectTarget | undefined> {
  const redirects = await fetchContent(REDIRECTS_QUERY);
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const match = redirects.find((r) => r.source === normalised);
  if (!match) return undefined;
  // 301/302 let clients turn a POST into a GET; 307/308 keep the method.
  const keepsMethod = method !== 'GET' && method !== 'HEAD';
  const status = match.permanent ? (keepsMethod ? 308 : 301) : keepsMethod ? 307 : 302;
  return { location: match.destination, status };
}
