/**
 * Toasts without their code on every page (ARCHITECTURE §4, 120 KiB budget): `loadToasts()`
 * fetches react-hot-toast on first use and has <LazyToaster /> mount the toaster, so a page
 * that never shows a toast never loads it. Call `preloadToasts()` on a sign of intent (focusing
 * a form) so the first toast shows at once.
 */
import type { ComponentType } from 'react';

type ToasterModule = typeof import('./toaster');
export type Toast = ToasterModule['toast'];

let loading: Promise<ToasterModule> | undefined;
let mounted: ComponentType | null = null;
const listeners = new Set<() => void>();

function load(): Promise<ToasterModule> {
  loading ??= import('./toaster').catch((error: unknown) => {
    loading = undefined; // a failed chunk load (offline, new deployment): try again next time
    throw error;
  });
  return loading;
}

export function preloadToasts(): void {
  load().catch(() => undefined);
}

/** The toast function, once the toaster that shows its toasts is on the page. */
export async function loadToasts(): Promise<Toast> {
  const module = await load();
  if (!mounted) {
    mounted = module.SiteToaster;
    for (const listener of listeners) listener();
  }
  return module.toast;
}

/** For LazyToaster: the toaster component once a toast was asked for, else null. */
export const toasterStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  current: (): ComponentType | null => mounted,
  /** Nothing to mount while rendering on the server. */
  server: (): ComponentType | null => null,
};
