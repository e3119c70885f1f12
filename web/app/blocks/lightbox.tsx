/**
 * A modal picture viewer on the native <dialog> (components/ui/use-modal-dialog.ts: the page
 * behind inert, Tab kept inside, Escape or the backdrop closing it, focus back on the thumbnail);
 * the arrow keys and buttons step through the album. No library, a few hundred bytes of script.
 */
import { useRef, type RefObject } from 'react';
import { SanityImage } from '../components/ui/sanity-image';
import { useModalDialog } from '../components/ui/use-modal-dialog';
import type { SanityImageValue } from '../lib/sanity/image';

export type LightboxImage = SanityImageValue & { alt: string };

export type LightboxProps = {
  title: string;
  images: LightboxImage[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** The thumbnail that opened it: focus goes back there on close. */
  opener: RefObject<HTMLElement | null>;
};

export function Lightbox({ title, images, index, onIndexChange, onClose, opener }: LightboxProps) {
  const closeButton = useRef<HTMLButtonElement>(null);
  const dialogProps = useModalDialog({ open: true, onDismiss: onClose, initialFocus: closeButton, opener });
  const image = images[index];
  const count = images.length;
  const step = (delta: number) => onIndexChange((index + delta + count) % count);

  return (
    <dialog
      {...dialogProps}
      className="lightbox"
      aria-label={`${title}: picture ${index + 1} of ${count}`}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') step(1);
        if (event.key === 'ArrowLeft') step(-1);
        dialogProps.onKeyDown(event);
      }}
    >
      <div className="lightbox__content">
        <figure className="lightbox__figure">
          {image ? (
            <SanityImage
              key={image.asset?._id}
              image={image}
              priority
              placeholder
              maxWidth={2048}
              defaultWidth={1280}
              sizes="(min-width: 1100px) 1000px, 92vw"
              className="lightbox__image"
            />
          ) : null}
          <figcaption className="lightbox__caption">
            {image?.caption ?? image?.alt}
            <span className="lightbox__count">
              {index + 1} / {count}
            </span>
          </figcaption>
        </figure>
        <div className="lightbox__controls">
          <button type="button" className="button button--small button--secondary" onClick={() => step(-1)}>
            <span aria-hidden="true">←</span> Previous
          </button>
          <button type="button" className="button button--small button--secondary" onClick={() => step(1)}>
            Next <span aria-hidden="true">→</span>
          </button>
          <button type="button" className="button button--small" onClick={onClose} ref={closeButton}>
            Close
          </button>
        </div>
      </div>
    </dialog>
  );
}
