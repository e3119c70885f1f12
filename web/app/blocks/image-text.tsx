/** Copy beside a picture, the picture on the left or right (stacked on small screens, picture first). */
import { SanityImage } from '../components/ui/sanity-image';
import { PortableBody } from './portable-body';
import './blocks.css';
import type { BlockProps } from './types';

export function ImageTextBlock({ anchor, heading, body, image, imagePosition }: BlockProps<'imageText'>) {
  const side = imagePosition === 'left' ? 'left' : 'right';
  return (
    <section id={anchor ?? undefined} className="block block-image-text">
      <div className={`container image-text image-text--image-${side}`}>
        <div className="image-text__media">
          <SanityImage
            image={image}
            aspectRatio={4 / 3}
            maxWidth={1280}
            defaultWidth={800}
            sizes="(min-width: 1160px) 560px, (min-width: 860px) 48vw, calc(100vw - 2rem)"
          />
        </div>
        <div className="image-text__copy">
          {heading ? <h2 className="block-heading">{heading}</h2> : null}
          <PortableBody value={body} headingShift={heading ? 1 : 0} />
        </div>
      </div>
    </section>
  );
}
