/**
 * Event galleries: the thumbnails are server-rendered (image-gallery-grid.tsx); this adds the
 * lightbox. A click on a thumbnail opens a keyboard-friendly viewer at that picture, its script
 * loaded on the first click; without script (or if it cannot load) the link shows the picture.
 */
import { useRef, useState, type ComponentType, type MouseEvent } from 'react';
import { isPlainClick } from '../features/navigation/nav-links';
import type { LightboxImage, LightboxProps } from './lightbox';
import { blockCode, ServerRenderedBlock } from './server-rendered';
import type { BlockProps } from './types';

const gridCode = blockCode<'imageGallery'>(() =>
  import('./image-gallery-grid').then((module) => module.ImageGalleryGrid),
);

/** The album and picture a click landed on, from the thumbnail link's data attributes. */
function clickedThumb(event: MouseEvent): { album: number; image: number; link: HTMLAnchorElement } | null {
  if (event.defaultPrevented || !isPlainClick(event)) return null;
  const link = event.target instanceof Element ? event.target.closest('a[data-album][data-image]') : null;
  if (!(link instanceof HTMLAnchorElement)) return null;
  return { album: Number(link.dataset.album), image: Number(link.dataset.image), link };
}

export function ImageGalleryBlock(block: BlockProps<'imageGallery'>) {
  const [open, setOpen] = useState<{ album: number; image: number } | null>(null);
  const [Lightbox, setLightbox] = useState<ComponentType<LightboxProps> | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const openAlbum = open ? block.albums[open.album] : undefined;
  const lightboxImages: LightboxImage[] = (openAlbum?.images ?? []).filter((image) => image.asset);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const thumb = clickedThumb(event);
    if (!thumb) return;
    event.preventDefault();
    opener.current = thumb.link;
    setOpen({ album: thumb.album, image: thumb.image });
    if (!Lightbox)
      import('./lightbox').then(
        (module) => setLightbox(() => module.Lightbox),
        // Offline or a stale deploy: follow the link to the picture instead.
        () => window.location.assign(thumb.link.href),
      );
  };

  return (
    <>
      <ServerRenderedBlock block={block} code={gridCode} onClick={onClick} />
      {open && openAlbum && Lightbox ? (
        <Lightbox
          title={openAlbum.title}
          images={lightboxImages}
          index={Math.min(open.image, lightboxImages.length - 1)}
          onIndexChange={(image) => setOpen({ ...open, image })}
          onClose={() => setOpen(null)}
          opener={opener}
        />
      ) : null}
    </>
  );
}

ImageGalleryBlock.preload = gridCode.preload;
