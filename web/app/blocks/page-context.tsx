/**
 * What every block may need from the page around it: which hero is the page's h1, the live rows,
 * and in preview mode the click-to-edit markers of its fields.
 */
import { createContext, useContext } from 'react';
import type { CatalogueState, LiveBlockType, LiveData, LiveRead, LiveReads, LiveRows } from './live/types';

export interface PageContextValue {
  /** The `_key` of the hero that carries the page's h1 (the first hero), if any. */
  leadHeroKey: string | undefined;
  live: LiveData | undefined;
  /** Preview mode only: `data-sanity` markers by block `_key`, then field (features/preview/markers.server.ts). */
  fieldMarkers?: Record<string, Record<string, string>>;
}

export const PageContext = createContext<PageContextValue>({ leadHeroKey: undefined, live: undefined });

/** The `data-sanity` attributes of a block's fields in preview mode, by field; undefined (no attribute) otherwise. */
export function useFieldMarkers(key: string): Record<string, string> | undefined {
  return useContext(PageContext).fieldMarkers?.[key];
}

export function useIsLeadHero(key: string): boolean {
  return useContext(PageContext).leadHeroKey === key;
}

/** The read of one live block's rows, or undefined when the loader started no read for it. */
export function useLiveRows<K extends LiveBlockType>(type: K, key: string): LiveRead<LiveRows[K]> | undefined {
  const live: LiveReads | undefined = useContext(PageContext).live;
  return live?.[type][key];
}

/** The URL's filter for a program list on the catalogue page, or undefined where the list is not filtered. */
export function useCatalogue(key: string): CatalogueState | undefined {
  return useContext(PageContext).live?.catalogue[key];
}
