/**
 * What a page shows in preview mode only: Sanity's visual-editing overlay (click-to-edit on the
 * `data-sanity` markers, and a refresh of the page's data as the editor types, through the
 * Studio's comlink) and a way out of preview. Its own chunk: public pages never load it.
 */
import { VisualEditing } from '@sanity/visual-editing/react-router';
import { useLocation } from 'react-router';

export function PreviewTools() {
  const { pathname } = useLocation();
  return (
    <>
      <VisualEditing />
      <p className="container preview-banner" role="status">
        Preview: drafts are shown. <a href={`/preview/disable?to=${encodeURIComponent(pathname)}`}>Leave preview</a>
      </p>
    </>
  );
}
