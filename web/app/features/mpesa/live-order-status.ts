/**
 * Keeps the confirmation page in step with the order: while it awaits payment, its status is
 * asked every few seconds (get_mpesa_payment answers it for any order, by token) and the page's
 * data is reloaded once it changed (paid, confirmed or cancelled by staff, expired), so nobody
 * reads "Awaiting payment" beside "Payment received". No reload by the customer needed.
 */
import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import { fetchPaymentState } from './payment-state';

const POLL_MS = 5000;

export const awaitsPayment = (status: string | undefined) => status === 'pending' || status === 'confirmed';

/** Reloads the page's data when `current` (as polled) differs from `shown` (as rendered). */
export function useFollowOrderStatus(shown: string, current: string | undefined): void {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (current !== undefined && current !== shown && revalidator.state === 'idle') void revalidator.revalidate();
  }, [shown, current, revalidator]);
}

export function useLiveOrderStatus(token: string, shown: string): void {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!awaitsPayment(shown)) return;
    const timer = setInterval(() => {
      if (document.hidden) return;
      void fetchPaymentState(token)
        .then((state) => {
          if (state && state.order_status !== shown && revalidator.state === 'idle') void revalidator.revalidate();
        })
        .catch(() => {
          // A missed poll: the next one asks again.
        });
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [token, shown, revalidator]);
}
