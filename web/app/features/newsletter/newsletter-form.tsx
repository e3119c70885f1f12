/**
 * The footer's newsletter sign-up. Submitting disables the field and the button and shows the
 * loading toast; the same toast then turns into the success message (and the field is cleared)
 * or the error. A second submission while one is running is ignored. The field is read from the
 * form when it is sent, not kept in state: what a visitor typed or the browser autofilled before
 * the page hydrated is in the field only.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { loadToasts, preloadToasts } from '../../components/ui/toast/toasts';
import { unexpectedMessage } from './newsletter-messages';

/** The sign-up's call (through supabase-js) loads when the visitor first focuses the field. */
const loadSubscribe = () => import('./subscribe');

/** Start loading the sign-up code, supabase-js and the toasts while the visitor types, not after they press Subscribe. */
const warmUp = () => {
  loadSubscribe()
    .then(({ warmUpSubscribe }) => warmUpSubscribe())
    .catch(() => undefined);
  preloadToasts();
};

export function NewsletterForm() {
  const inputId = useId();
  const [submitting, setSubmitting] = useState(false);
  const inFlight = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    const form = event.currentTarget;
    const email = String(new FormData(form).get('email') ?? '');
    inFlight.current = true;
    setSubmitting(true);
    const [toast, subscribe] = await Promise.all([loadToasts().catch(() => null), loadSubscribe().catch(() => null)]);
    const toastId = subscribe ? toast?.loading(subscribe.subscribingMessage) : undefined;
    const outcome = subscribe
      ? await subscribe.subscribeToNewsletter(email)
      : // The code could not load (offline, a new deployment): nothing was sent.
        { ok: false, message: unexpectedMessage };
    if (outcome.ok) {
      toast?.success(outcome.message, { id: toastId });
      form.reset();
    } else {
      toast?.error(outcome.message, { id: toastId });
    }
    inFlight.current = false;
    setSubmitting(false);
    // Disabling the field dropped focus; give it back so a keyboard user can carry on.
    requestAnimationFrame(() => {
      if (document.activeElement === document.body || document.activeElement === null) inputRef.current?.focus();
    });
  };

  return (
    <form className="newsletter-form" onSubmit={(event) => void onSubmit(event)} aria-busy={submitting}>
      <label htmlFor={inputId} className="newsletter-form__label">
        Email address
      </label>
      <div className="newsletter-form__row">
        <input
          ref={inputRef}
          id={inputId}
          name="email"
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          onFocus={warmUp}
          disabled={submitting}
          className="newsletter-form__input"
        />
        <button type="submit" className="newsletter-form__button" disabled={submitting}>
          {submitting ? 'Subscribing…' : 'Subscribe'}
        </button>
      </div>
      <p className="newsletter-form__note">We e-mail you a link to confirm. Unsubscribe at any time.</p>
    </form>
  );
}
