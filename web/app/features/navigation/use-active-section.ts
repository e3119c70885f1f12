/**
 * The id among `ids` of the section crossing the viewport's middle, re-measured on scroll and
 * resize. The measuring code (section-spy.ts) loads only where there are sections to follow: most
 * menus link to none, and every page's JavaScript counts against the 118 KiB budget.
 */
import { useEffect, useState } from 'react';

/** `pageKey` (the pathname) makes it re-measure when a new page with the same ids renders. */
export function useActiveSection(ids: readonly string[], pageKey: string): string | null {
  // What was measured, and for which page and ids: a measurement never outlives them.
  const [measured, setMeasured] = useState<{ for: string; id: string | null } | null>(null);
  const idList = ids.join(' ');
  const measuredFor = `${pageKey} ${idList}`;
  useEffect(() => {
    if (!idList) return;
    let stop: (() => void) | undefined;
    let left = false;
    import('./section-spy').then(
      ({ watchSections }) => {
        if (!left) stop = watchSections(idList.split(' '), (id) => setMeasured({ for: measuredFor, id }));
      },
      () => undefined, // without the spy's code (offline, a new deployment) no section is marked
    );
    return () => {
      left = true;
      stop?.();
    };
  }, [idList, measuredFor]);
  return measured?.for === measuredFor ? measured.id : null;
}
