/**
 * Toasts without their code on every page (the 118 KiB JavaScript budget, docs/web-server.md): `loadToasts()`
 * fetches react-hot-toast on first use and has <LazyToaster /> mount the toaster, so a page
 * that never shows a toast never loads it. Call `preloadToasts()` on a sign of intent (focusing
 * a form) so the first toast shows at once.
 */
type ToasterModule = typeof import('./toaster');
export type Toast = ToasterModule['toast'];

let loading: Promise<ToasterModule> | undefined;
let shown = false;
const listeners = new Set<() => void>();

/** react-hot-toast and the site's toaster, fetched once (LazyToaster renders from the same module). */
export function loadToaster(): Promise<ToasterModule> {
  loading ??= import('./toaster').catch((error: unknown) => {
    loading = undefined; // a failed chunk load (offline, new deployment): try again next time
    throw error;
  });
  return loading;
}

export function preloadToasts(): void {
  loadToaster().catch(() => undefined);
}

/** The toast function, once the toaster that shows its toasts is on the page. */
export async function loadToasts(): Promise<Toast> {
  const module = await loadToaster();
  if (!shown) {
    shown = true;
    for (const listener of listeners) listener();
  }
  return module.toast;
}

/** For LazyToaster: whether a toast was asked for, so the toaster belongs on the page. */
export const toasterStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  current: (): boolean => shown,
  /** Nothing to show while rendering on the server. */
  server: (): boolean => false,
};
