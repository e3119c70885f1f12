/**
 * The CMS page's one door to preview mode's code: a dynamic import of its own, so the page's
 * chunk lists a single dependency for it rather than the overlay chunk's many (each name is bytes
 * in a file every public CMS page loads).
 */
import type { ComponentType } from 'react';

export const loadPreviewTools = (): Promise<ComponentType> =>
  import('./preview-tools').then((module) => module.PreviewTools);
