/** A grid of cards: picture, title, text and an optional link. */
import { SanityImage } from '../components/ui/sanity-image';
import { SmartLink } from '../components/ui/smart-link';
import { BlockSection } from './block-section';
import { itemHeading, type BlockProps } from './types';

export function CardGridBlock({ _key, anchor, heading, intro, cards }: BlockProps<'cardGrid'>) {
  const Title = itemHeading(heading);
  const pictured = cards.filter((card) => card.image?.asset).length;
  // Some cards pictured, some not: each keeps its own height (stretched, a text card is mostly empty).
  const mixed = pictured > 0 && pictured < cards.length;
  return (
    <BlockSection blockKey={_key} name="card-grid" anchor={anchor} heading={heading} intro={intro}>
      <ul className={mixed ? 'card-grid card-grid--mixed' : 'card-grid'}>
        {cards.map((card) => (
          <li key={card._key} className="card">
            {card.image?.asset ? (
              <SanityImage
                image={card.image}
                className="card__image"
                aspectRatio={16 / 10}
                maxWidth={800}
                defaultWidth={640}
                sizes="(min-width: 1160px) 370px, (min-width: 700px) calc(50vw - 2rem), calc(100vw - 2rem)"
              />
            ) : null}
            <div className="card__body">
              <Title className="card__title">{card.title}</Title>
              {card.text ? <p className="card__text">{card.text}</p> : null}
              {card.link?.href ? (
                <SmartLink href={card.link.href} className="card__link">
                  {card.link.label ?? 'Learn more'}
                  <span aria-hidden="true"> →</span>
                </SmartLink>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
