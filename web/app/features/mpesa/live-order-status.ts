/**
 * Keeps the confirmation page in step with the order: while it awaits payment, its status is
 * asked every few seconds (get_mpesa_payment answers it for any order, by token) and the page's
 * data is reloaded once it changed (paid, confirmed or cancelled by staff, expired), so nobody
 * reads "Awaiting payment" beside "Payment received". No reload by the customer needed.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { fetchPaymentState } from './payment-state';

const POLL_MS = 5000;

export const awaitsPayment = (status: string | undefined) => status === 'pending' || status === 'confirmed';

/**
 * Reloads the page's loader data (a replace navigation to the same URL: the app already uses
 * navigation, so this costs the shared bundle nothing, unlike the revalidator hook).
 */
function useReloadData(): () => void {
  const navigate = useNavigate();
  return useCallback(
    () =>
      void navigate(
        { search: window.location.search, hash: window.location.hash },
        { replace: true, preventScrollReset: true },
      ),
    [navigate],
  );
}

/** Reloads the page's data when `current` (as polled) differs from `shown` (as rendered), once per change. */
export function useFollowOrderStatus(shown: string, current: string | undefined): void {
  const reload = useReloadData();
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (current === undefined || current === shown || asked.current === current) return;
    asked.current = current;
    reload();
  }, [shown, current, reload]);
}

export function useLiveOrderStatus(token: string, shown: string): void {
  const reload = useReloadData();
  useEffect(() => {
    if (!awaitsPayment(shown)) return;
    let asked = false;
    const timer = setInterval(() => {
      if (document.hidden || asked) return;
      void fetchPaymentState(token)
        .then((state) => {
          if (state && state.order_status !== shown && !asked) {
            asked = true;
            reload();
          }
        })
        .catch(() => {
          // A missed poll: the next one asks again.
        });
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [token, shown, reload]);
}
