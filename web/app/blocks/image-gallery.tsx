/**
 * Event galleries: each album's pictures as square thumbnails. A thumbnail is a link to the full
 * picture (works without script); with script it opens a keyboard-friendly lightbox instead.
 */
import { useState, type ComponentType } from 'react';
import { SanityImage, useImageConfig } from '../components/ui/sanity-image';
import { imageUrl } from '../lib/sanity/image';
import { BlockSection } from './block-section';
import type { LightboxImage, LightboxProps } from './lightbox';
import { itemHeading, type BlockProps } from './types';
import './image-gallery.css';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "2025-03-14" as "14 March 2025" (a calendar date: no time zone involved). */
export function formatAlbumDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && month ? `${Number(match[3])} ${month} ${match[1]}` : date;
}

export function ImageGalleryBlock({ anchor, heading, albums }: BlockProps<'imageGallery'>) {
  const config = useImageConfig();
  const [open, setOpen] = useState<{ album: number; image: number } | null>(null);
  // The viewer's script loads on the first click, not with the page.
  const [Lightbox, setLightbox] = useState<ComponentType<LightboxProps> | null>(null);
  const Title = itemHeading(heading);
  const openAlbum = open ? albums[open.album] : undefined;
  const lightboxImages: LightboxImage[] = (openAlbum?.images ?? []).filter((image) => image.asset);
  return (
    <BlockSection name="image-gallery" anchor={anchor} heading={heading}>
      {albums.map((album, albumIndex) => {
        const images = album.images.filter((image) => image.asset);
        return (
          <article key={album._id} className="album" aria-labelledby={`album-${album._id}`}>
            <header className="album__header">
              <Title id={`album-${album._id}`} className="album__title">
                {album.title}
              </Title>
              {album.date ? (
                <p className="album__date">
                  <time dateTime={album.date}>{formatAlbumDate(album.date)}</time>
                </p>
              ) : null}
              {album.description ? <p className="album__description">{album.description}</p> : null}
            </header>
            <ul className="album__grid">
              {images.map((image, imageIndex) => (
                <li key={image.asset?._id ?? imageIndex}>
                  <a
                    className="album__thumb"
                    href={(config && imageUrl(config, image, 1600)) ?? undefined}
                    aria-label={`${image.alt} (open larger view)`}
                    onClick={(event) => {
                      event.preventDefault();
                      const href = event.currentTarget.href;
                      setOpen({ album: albumIndex, image: imageIndex });
                      if (!Lightbox)
                        import('./lightbox').then(
                          (module) => setLightbox(() => module.Lightbox),
                          // Offline or a stale deploy: follow the link to the picture instead.
                          () => window.location.assign(href),
                        );
                    }}
                  >
                    <SanityImage
                      image={image}
                      aspectRatio={1}
                      maxWidth={640}
                      defaultWidth={320}
                      sizes="(min-width: 1160px) 280px, (min-width: 640px) 30vw, 45vw"
                    />
                  </a>
                </li>
              ))}
            </ul>
          </article>
        );
      })}
      {open && openAlbum && Lightbox ? (
        <Lightbox
          title={openAlbum.title}
          images={lightboxImages}
          index={Math.min(open.image, lightboxImages.length - 1)}
          onIndexChange={(image) => setOpen({ ...open, image })}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </BlockSection>
  );
}
