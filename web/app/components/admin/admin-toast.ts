/** Toasts for admin changes ("Saved", "Deleted") and failures, through the site's lazy toaster. */
import { loadToasts } from '../ui/toast/toasts';

export async function toastSuccess(message: string): Promise<void> {
  const toast = await loadToasts().catch(() => null);
  toast?.success(message);
}

export async function toastError(message: string): Promise<void> {
  const toast = await loadToasts().catch(() => null);
  toast?.error(message);
}
