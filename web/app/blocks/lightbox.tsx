/**
 * A modal picture viewer on the native <dialog>: focus moves in and back, Escape closes, the
 * arrow keys and buttons step through the album. No library, a few hundred bytes of script.
 */
import { useEffect, useRef } from 'react';
import { SanityImage } from '../components/ui/sanity-image';
import type { SanityImageValue } from '../lib/sanity/image';

export type LightboxImage = SanityImageValue & { alt: string };

export type LightboxProps = {
  title: string;
  images: LightboxImage[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
};

export function Lightbox({ title, images, index, onIndexChange, onClose }: LightboxProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const image = images[index];
  const count = images.length;
  const step = (delta: number) => onIndexChange((index + delta + count) % count);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    closeButton.current?.focus();
  }, []);

  return (
    <dialog
      ref={dialog}
      className="lightbox"
      aria-label={`${title}: picture ${index + 1} of ${count}`}
      onClose={onClose}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') step(1);
        if (event.key === 'ArrowLeft') step(-1);
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog itself, outside its content) closes it.
        if (event.target === event.currentTarget) event.currentTarget.close();
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
          <button
            type="button"
            className="button button--small"
            onClick={() => dialog.current?.close()}
            ref={closeButton}
          >
            Close
          </button>
        </div>
      </div>
    </dialog>
  );
}
