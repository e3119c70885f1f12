/**
 * Compile-time checks of fetchContent's typing, run by `npm run typecheck` and never executed: each
 * query resolves to the result type typegen generated for it; a wrong pairing, a query typegen has
 * not seen and a missing $parameter do not compile (each `@ts-expect-error` fails if they do).
 */
import { fetchContent } from './fetch.server';
import { NAVIGATION_QUERY, PAGE_QUERY, REDIRECTS_QUERY, ROUTABLE_DOCUMENTS_QUERY, SERVICE_QUERY } from './queries';
import type {
  NAVIGATION_QUERY_RESULT,
  PAGE_QUERY_RESULT,
  REDIRECTS_QUERY_RESULT,
  ROUTABLE_DOCUMENTS_QUERY_RESULT,
  SERVICE_QUERY_RESULT,
} from './sanity.types';

/** True only for the very same type (assignable is not enough, and `any` equals nothing else). */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const same = <A, B>(equal: Equal<A, B>) => equal;

export async function fetchContentTypeChecks(composedAtRunTime: string) {
  const page = await fetchContent(PAGE_QUERY, { slug: 'home' });
  same<typeof page, PAGE_QUERY_RESULT>(true);
  const service = await fetchContent(SERVICE_QUERY, { slug: 'hr-advisory' });
  same<typeof service, SERVICE_QUERY_RESULT>(true);
  same<Awaited<ReturnType<typeof fetchContent<typeof NAVIGATION_QUERY>>>, NAVIGATION_QUERY_RESULT>(true);
  same<Awaited<ReturnType<typeof fetchContent<typeof REDIRECTS_QUERY>>>, REDIRECTS_QUERY_RESULT>(true);
  same<Awaited<ReturnType<typeof fetchContent<typeof ROUTABLE_DOCUMENTS_QUERY>>>, ROUTABLE_DOCUMENTS_QUERY_RESULT>(
    true,
  );

  // @ts-expect-error a page's result is not the navigation
  const wrong: NAVIGATION_QUERY_RESULT = await fetchContent(PAGE_QUERY, { slug: 'home' });
  // @ts-expect-error nor is the navigation's result a page
  const alsoWrong: PAGE_QUERY_RESULT = await fetchContent(NAVIGATION_QUERY);
  // @ts-expect-error a query typegen has not seen has no result type, so it is refused
  await fetchContent('*[_type == "page"][0]{ title }');
  // @ts-expect-error so is text composed at run time
  await fetchContent(composedAtRunTime);
  // @ts-expect-error PAGE_QUERY uses $slug
  await fetchContent(PAGE_QUERY);
  return [page, service, wrong, alsoWrong];
}
