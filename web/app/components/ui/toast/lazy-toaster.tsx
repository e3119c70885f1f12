/** Mounted once in the root: renders the toaster from the first toast on (see toasts.ts). */
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loadToaster, toasterStore } from './toasts';

// First rendered once loadToasts() has loaded its code, so it waits a microtask at most, not a fetch.
const SiteToaster = lazy(() => loadToaster().then((module) => ({ default: module.SiteToaster })));

export function LazyToaster() {
  const shown = useSyncExternalStore(toasterStore.subscribe, toasterStore.current, toasterStore.server);
  return shown ? (
    <Suspense fallback={null}>
      <SiteToaster />
    </Suspense>
  ) : null;
}
