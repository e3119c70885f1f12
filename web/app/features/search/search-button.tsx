/**
 * The header's search button. The dialog (and supabase-js behind it) is a separate chunk, fetched
 * when the button is hovered or focused and shown on click; focus comes back here on close
 * (components/ui/use-modal-dialog.ts).
 */
import { lazy, Suspense, useRef, useState } from 'react';
import { useRootData } from '../../lib/root-data';

const loadDialog = () => import('./search-dialog');
const SearchDialog = lazy(loadDialog);

export function SearchButton({ className = 'icon-button' }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const productName = useRootData()?.settings.instituteName ?? '';

  const preload = () => void loadDialog().catch(() => undefined);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={className}
        aria-label="Search"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
      >
        <span className="icon icon--search" aria-hidden="true" />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <SearchDialog productName={productName} onClose={() => setOpen(false)} opener={buttonRef} />
        </Suspense>
      ) : null}
    </>
  );
}
