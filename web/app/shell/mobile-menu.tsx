/**
 * The mobile menu: a modal <dialog> (the rest of the page is inert), with focus kept inside by
 * wrapping Tab, Escape closing it, focus returning to the menu button and the page not scrolling
 * behind it. The parent owns `open` and closes it on navigation.
 */
import { useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { MainMenu } from './main-menu';
import type { MenuEntry } from './menu-model';

interface Props {
  id: string;
  open: boolean;
  /** Asks the parent to close: `restoreFocus` is false when a link was followed (focus then goes to the new page). */
  onClose: (restoreFocus: boolean) => void;
  /** Called once the dialog has closed and the page is interactive again (time to move focus back). */
  onClosed: () => void;
  entries: readonly MenuEntry[];
  activeHref: string | null;
  title: string;
}

const focusable = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function MobileMenu({ id, open, onClose, onClosed, entries, activeHref, title }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const onClosedRef = useRef(onClosed);
  onClosedRef.current = onClosed;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !open) return;
    if (!dialog.open) dialog.showModal();
    const root = document.documentElement;
    const previousOverflow = root.style.overflow;
    root.style.overflow = 'hidden';
    root.dataset.scrollLocked = 'true';
    return () => {
      root.style.overflow = previousOverflow;
      delete root.dataset.scrollLocked;
      if (dialog.open) dialog.close();
      onClosedRef.current();
    };
  }, [open]);

  const onMenuClick = (event: MouseEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.closest('a[href]')) onClose(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>(focusable)].filter(
      (element) => element.offsetParent !== null,
    );
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialogRef}
      id={id}
      className="mobile-menu"
      aria-label={title}
      onKeyDown={onKeyDown}
      // Escape: let React state close it, so the cleanup above runs once.
      onCancel={(event) => {
        event.preventDefault();
        onClose(true);
      }}
      // A click on the backdrop lands on the dialog element itself.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose(true);
      }}
    >
      <div className="mobile-menu__panel">
        <div className="mobile-menu__top">
          <span className="mobile-menu__title">{title}</span>
          <button type="button" className="icon-button" aria-label="Close menu" onClick={() => onClose(true)}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <nav aria-label="Main" onClick={onMenuClick}>
          <MainMenu entries={entries} activeHref={activeHref} variant="panel" />
        </nav>
      </div>
    </dialog>
  );
}
