/** Logos of partners, clients or accrediting bodies; accreditation shows each body's description too. */
import { SanityImage } from '../components/ui/sanity-image';
import { BlockSection } from './block-section';
import { itemHeading, type BlockProps } from './types';

export function LogoCloudBlock({ _key, anchor, heading, intro, kind, logos }: BlockProps<'logoCloud'>) {
  const Name = itemHeading(heading);
  const detailed = kind === 'accreditation';
  return (
    <BlockSection blockKey={_key} name="logo-cloud" anchor={anchor} heading={heading} intro={intro}>
      <ul className={`logo-cloud logo-cloud--${kind}`}>
        {logos.map((logo) => {
          const picture = (
            <SanityImage
              image={logo.image}
              className="logo-cloud__image"
              placeholder={false}
              maxWidth={480}
              defaultWidth={320}
              sizes="240px"
            />
          );
          return (
            <li key={logo._key} className="logo-cloud__item">
              {logo.url ? (
                <a href={logo.url} rel="noopener noreferrer" className="logo-cloud__link">
                  {picture}
                </a>
              ) : (
                picture
              )}
              {detailed ? (
                <div>
                  <Name className="logo-cloud__name">{logo.name}</Name>
                  {logo.description ? <p className="logo-cloud__description">{logo.description}</p> : null}
                </div>
              ) : (
                <p className="logo-cloud__caption">{logo.name}</p>
              )}
            </li>
          );
        })}
      </ul>
    </BlockSection>
  );
}
