/**
 * What a page shows in preview mode only: Sanity's visual-editing overlay (click-to-edit on the
 * `data-sanity` markers; the page's data revalidated as the editor types, on the Studio's word
 * through its comlink; the Studio following the iframe's navigation and back) and a way out of
 * preview. Its own chunk: public pages never load it.
 *
 * The overlay is the package's portal component (`@sanity/visual-editing/react`) with React
 * Router wired in here, as its `react-router` entry does, but rendered in this page's React tree:
 * that entry mounts a second React root, and `react-dom/client`'s `createRoot`, once used by any
 * chunk, stays in the framework file every public page loads (+150 B gzip). Loaded through
 * preview-entry.ts, so the CMS page's preload list names one file for it, not this chunk's many.
 */
import { VisualEditing, type HistoryAdapter, type HistoryAdapterNavigate } from '@sanity/visual-editing/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { queueRefresh } from './refresh-queue';

export function PreviewTools() {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const here = `${pathname}${search}${hash}`;
  const [tellStudio, setTellStudio] = useState<HistoryAdapterNavigate>();

  const history = useMemo<HistoryAdapter>(
    () => ({
      subscribe(studioNavigate) {
        setTellStudio(() => studioNavigate);
        return () => setTellStudio(undefined);
      },
      update(update) {
        if (update.type === 'pop') void navigate(-1);
        else void navigate(update.url, { replace: update.type === 'replace' });
      },
    }),
    [navigate],
  );
  // The Studio follows the preview's own navigation (its URL bar, its document).
  useEffect(() => {
    tellStudio?.({ type: 'push', url: here });
  }, [tellStudio, here]);
  // A refresh is a navigation to the page itself, which runs its loaders again (drafts, uncached).
  // Not useRevalidator: the framework file every public page loads would then keep its code.
  // One at a time (refresh-queue.ts).
  const refresh = useCallback(
    () => queueRefresh(() => navigate(here, { replace: true, preventScrollReset: true })),
    [navigate, here],
  );
  // Live refresh as the editor types: the server says when a draft changed (preview/live).
  // One stream per page shown (a refresh navigates to the same page: the stream stays).
  useEffect(() => {
    const changes = new EventSource('/preview/live');
    changes.addEventListener('message', () => void refresh());
    return () => changes.close();
  }, [refresh]);

  return (
    <>
      <VisualEditing portal history={history} refresh={refresh} />
      <p className="container preview-banner" role="status">
        Preview: drafts are shown. <a href={`/preview/disable?to=${encodeURIComponent(pathname)}`}>Leave preview</a>
      </p>
    </>
  );
}
