/**
 * The root route's loader data (site settings, the public settings, site-wide head tags), typed
 * once here: the root loader returns a `RootData`, and every other module reads it through
 * `useRootData()` instead of importing root.tsx.
 */
import { useRouteLoaderData, type MetaDescriptor } from 'react-router';
import type { PublicEnv } from '../config/env.server';
import type { ImageSources } from './sanity/image';
import type { SiteSettings } from './sanity/site-settings.server';

export interface RootData {
  settings: SiteSettings;
  /**
   * The CMS logo as pictures, as the header, the sign-in card and the maintenance page show it
   * (built by the loader: the image URL builder stays on the server).
   */
  logo: ImageSources | null;
  env: PublicEnv;
  /** Site-wide defaults and the Organization JSON-LD (built by the loader, on the server). */
  meta: MetaDescriptor[];
}

/** The root's data; undefined only while the root itself failed (its error boundary renders). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>('root');
}
