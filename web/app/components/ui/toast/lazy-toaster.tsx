/** Mounted once in the root: renders the toaster from the first toast on (see toasts.ts). */
import { useSyncExternalStore } from 'react';
import { toasterStore } from './toasts';

export function LazyToaster() {
  const Toaster = useSyncExternalStore(toasterStore.subscribe, toasterStore.current, toasterStore.server);
  return Toaster ? <Toaster /> : null;
}
