/** The slugs of the service pages in Sanity, from the site's /admin/service-pages resource route (content API behind it). */
import { useEffect, useState } from 'react';

export const SERVICE_PAGES_PATH = '/admin/service-pages';

/** null while loading or when the content API could not be read (then nothing is flagged). */
export function useServicePageSlugs(): ReadonlySet<string> | null {
  const [slugs, setSlugs] = useState<ReadonlySet<string> | null>(null);
  useEffect(() => {
    let current = true;
    fetch(SERVICE_PAGES_PATH)
      .then((response) => (response.ok ? (response.json() as Promise<{ slugs: string[] }>) : null))
      .then((body) => {
        if (current && body && Array.isArray(body.slugs)) setSlugs(new Set(body.slugs));
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);
  return slugs;
}
