/**
 * The mobile menu: a modal <dialog> (components/ui/use-modal-dialog.ts: the page behind inert and
 * still, Tab kept inside, Escape or the backdrop closing it, focus back on the menu button). It
 * opens with the section holding the current page expanded. The parent owns `open` and closes it
 * on navigation.
 */
import { useRef, type MouseEvent, type RefObject } from 'react';
import { useModalDialog } from '../components/ui/use-modal-dialog';
import { MainMenu } from './main-menu';
import type { MenuEntry } from './menu-model';

interface Props {
  id: string;
  open: boolean;
  /** Asks the parent to close it. */
  onClose: () => void;
  /** The menu button: focus goes back to it after a close from inside the menu (not after a followed link). */
  opener: RefObject<HTMLElement | null>;
  entries: readonly MenuEntry[];
  activeHref: string | null;
  title: string;
}

export function MobileMenu({ id, open, onClose, opener, entries, activeHref, title }: Props) {
  // Set by the close that ends this opening; any other close (a link, navigation, a wider screen) leaves focus be.
  const returnFocus = useRef(false);
  const close = (restoreFocus: boolean) => {
    returnFocus.current = restoreFocus;
    onClose();
  };
  const dialogProps = useModalDialog({
    open,
    onDismiss: () => close(true),
    opener,
    shouldReturnFocus: () => {
      const restore = returnFocus.current;
      returnFocus.current = false;
      return restore;
    },
  });

  const onMenuClick = (event: MouseEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.closest('a[href]')) close(false);
  };

  return (
    <dialog {...dialogProps} id={id} className="mobile-menu" aria-label={title}>
      <div className="mobile-menu__panel">
        <div className="mobile-menu__top">
          <span className="mobile-menu__title">{title}</span>
          <button type="button" className="icon-button" aria-label="Close menu" onClick={() => close(true)}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- delegation: a link chosen inside (by click or Enter) closes the menu */}
        <nav aria-label="Main" onClick={onMenuClick}>
          {/* A fresh menu at each opening, with the section of the current page open. */}
          <MainMenu
            key={open ? 'open' : 'closed'}
            entries={entries}
            activeHref={activeHref}
            variant="panel"
            expandCurrent
          />
        </nav>
      </div>
    </dialog>
  );
}
