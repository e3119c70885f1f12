/**
 * Event galleries, as the server renders them: each album's pictures as square thumbnails. A
 * thumbnail is a link to the full picture (works without script); image-gallery.tsx opens a
 * lightbox instead, through the album and picture numbers on each link.
 */
import { SanityImage, useImageConfig } from '../components/ui/sanity-image';
import { imageUrl } from '../lib/sanity/image';
import { BlockSection } from './block-section';
import { itemHeading, type BlockProps } from './types';

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

export function ImageGalleryGrid({ _key, anchor, heading, albums }: BlockProps<'imageGallery'>) {
  const config = useImageConfig();
  const Title = itemHeading(heading);
  return (
    <BlockSection blockKey={_key} name="image-gallery" anchor={anchor} heading={heading}>
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
                    // image-gallery.tsx opens the lightbox at this picture (a press before that is held: lib/early-presses.ts).
                    data-script-action=""
                    data-album={albumIndex}
                    data-image={imageIndex}
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
    </BlockSection>
  );
}
