/** The opening banner: the page's h1 (for the first hero), text, up to three actions and the lead image. */
import { SanityImage } from '../components/ui/sanity-image';
import { SmartLink } from '../components/ui/smart-link';
import { useFieldMarkers, useIsLeadHero } from './page-context';
import type { BlockProps } from './types';

export function HeroBlock({ _key, eyebrow, heading, text, image, actions }: BlockProps<'hero'>) {
  const lead = useIsLeadHero(_key);
  const Heading = lead ? 'h1' : 'h2';
  const markers = useFieldMarkers(_key);
  const links = (actions ?? []).filter((action) => action.href);
  return (
    <section className={`block-hero${image?.asset ? ' block-hero--with-image' : ''}`}>
      <div className="container block-hero__inner">
        <div className="block-hero__copy">
          {eyebrow ? (
            <p className="block-hero__eyebrow" data-sanity={markers?.eyebrow}>
              {eyebrow}
            </p>
          ) : null}
          <Heading className="block-hero__heading" data-sanity={markers?.heading}>
            {heading}
          </Heading>
          {text ? (
            <p className="block-hero__text" data-sanity={markers?.text}>
              {text}
            </p>
          ) : null}
          {links.length > 0 ? (
            <ul className="block-hero__actions">
              {links.map((action, index) => (
                <li key={action._key}>
                  <SmartLink href={action.href ?? '/'} className={`button${index > 0 ? ' button--secondary' : ''}`}>
                    {action.label ?? 'Learn more'}
                  </SmartLink>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {image?.asset ? (
          <div className="block-hero__media">
            <SanityImage
              image={image}
              priority={lead}
              aspectRatio={4 / 3}
              maxWidth={1280}
              defaultWidth={800}
              sizes="(min-width: 1160px) 560px, (min-width: 900px) 48vw, calc(100vw - 2rem)"
            />
          </div>
        ) : null}
      </div>
    </section>
  );
}
