/**
 * One behaviour for every modal <dialog> (mobile menu, search, lightbox): shown with showModal(),
 * so the rest of the page is inert (and, by global.css, does not scroll); Tab and Shift+Tab cycle
 * through the dialog's controls instead of leaving for the browser's own; Escape and a click on
 * the backdrop ask the owner to close it; on close, focus goes back to the control that opened it.
 */
import {
  useEffect,
  useEffectEvent,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
  type SyntheticEvent,
} from 'react';

export interface ModalDialogOptions {
  /** Whether the dialog is shown; a dialog mounted only while it is open passes true. */
  open: boolean;
  /** Escape, a click on the backdrop, or the browser closing it: the owner sets `open` false or unmounts it. */
  onDismiss: () => void;
  /** What gets focus on open (default: the first control, as showModal() chooses). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** The control to give focus back to on close (default: the element that had focus when it opened). */
  opener?: RefObject<HTMLElement | null>;
  /** Asked on close: false leaves focus alone (a followed link hands it to the new page). Default true. */
  shouldReturnFocus?: () => boolean;
}

const candidates =
  'a[href], area[href], button, input, select, textarea, summary, iframe, [tabindex], [contenteditable="true"]';

/** The controls Tab reaches inside `container`, in document order: enabled, rendered, tabindex not negative. */
export function tabbableIn(container: Element): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(candidates)].filter(
    (element) => element.tabIndex >= 0 && !element.matches(':disabled') && element.getClientRects().length > 0,
  );
}

/** Wraps Tab from the last control to the first and Shift+Tab from the first to the last. */
function cycleTab(event: KeyboardEvent<HTMLDialogElement>) {
  const controls = tabbableIn(event.currentTarget);
  const first = controls[0];
  const last = controls.at(-1);
  const active = document.activeElement;
  const outside = !event.currentTarget.contains(active);
  if (!first || !last) {
    event.preventDefault(); // nothing to move to: stay in the dialog
  } else if (event.shiftKey && (active === first || outside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || outside)) {
    event.preventDefault();
    first.focus();
  }
}

/** Props for the <dialog> element: spread them onto it (`<dialog {...dialogProps}>`). */
export function useModalDialog({ open, onDismiss, initialFocus, opener, shouldReturnFocus }: ModalDialogOptions) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocus = useEffectEvent(() => shouldReturnFocus?.() ?? true);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const focusedBefore = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const returnTo = opener?.current ?? focusedBefore;
    if (!dialog.open) dialog.showModal();
    initialFocus?.current?.focus();
    return () => {
      // Closed first, so the page is no longer inert and can take focus back.
      if (dialog.open) dialog.close();
      if (returnFocus() && returnTo?.isConnected) returnTo.focus();
    };
  }, [open, initialFocus, opener]);

  return {
    ref,
    onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
      if (event.defaultPrevented) return; // a control inside used the key itself
      if (event.key === 'Tab') cycleTab(event);
      else if (event.key === 'Escape') {
        event.preventDefault();
        onDismiss();
      }
    },
    // Other close requests (a phone's back gesture): the owner closes it, so its state stays right.
    onCancel(event: SyntheticEvent<HTMLDialogElement>) {
      event.preventDefault();
      onDismiss();
    },
    // Closed by the browser while the owner still shows it: tell the owner.
    onClose() {
      if (open) onDismiss();
    },
    // A click on the backdrop lands on the dialog element itself.
    onClick(event: MouseEvent<HTMLDialogElement>) {
      if (event.target === event.currentTarget) onDismiss();
    },
  };
}
