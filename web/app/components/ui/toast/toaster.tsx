/**
 * react-hot-toast with the site's settings, in its own chunk: only a visitor who triggers a toast
 * loads it (see toasts.ts). Its defaults are the specified ones (at most 20 toasts; 4 s, success
 * 2 s, loading until dismissed); they are spelled out so a library update cannot change them.
 * At the bottom: at the top they covered the sticky header and its menu (the spec fixes no position).
 */
import { Toaster, toast } from 'react-hot-toast';

const toastDurations = { blank: 4000, error: 4000, success: 2000, loading: Infinity, custom: 4000 } as const;

export function SiteToaster() {
  return (
    <Toaster
      position="bottom-center"
      toastOptions={{
        duration: toastDurations.blank,
        error: { duration: toastDurations.error },
        success: { duration: toastDurations.success },
        loading: { duration: toastDurations.loading },
        custom: { duration: toastDurations.custom },
      }}
    />
  );
}

export { toast };
