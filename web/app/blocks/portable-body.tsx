/**
 * Portable Text from the CMS: headings (shifted below the block's own heading), lists, quotes,
 * strong/em, links (site paths through React Router, http(s) with rel="noopener noreferrer") and
 * inline images.
 */
import { PortableText, type PortableTextComponents, type PortableTextProps } from '@portabletext/react';
import type { ReactNode } from 'react';
import { SanityImage } from '../components/ui/sanity-image';
import { SmartLink } from '../components/ui/smart-link';
import type { SanityImageValue } from '../lib/sanity/image';

const headingTags = ['h2', 'h3', 'h4', 'h5', 'h6'] as const;

/** A Portable Text h2 (level 2) or h3 under `shift` heading levels already used around the text; h6 at most. */
function Heading({ level, shift, children }: { level: 2 | 3; shift: number; children: ReactNode }) {
  const Tag = headingTags[Math.min(level - 2 + shift, headingTags.length - 1)] ?? 'h6';
  return <Tag className={`pt-h${level}`}>{children}</Tag>;
}

function components(shift: number): PortableTextComponents {
  return {
    block: {
      h2: ({ children }) => (
        <Heading level={2} shift={shift}>
          {children}
        </Heading>
      ),
      h3: ({ children }) => (
        <Heading level={3} shift={shift}>
          {children}
        </Heading>
      ),
    },
    marks: {
      link: ({ value, children }) => {
        const href = typeof value?.href === 'string' ? value.href : undefined;
        return href ? <SmartLink href={href}>{children}</SmartLink> : <>{children}</>;
      },
      internalLink: ({ value, children }) => {
        const href = typeof value?.href === 'string' ? value.href : undefined;
        return href ? <SmartLink href={href}>{children}</SmartLink> : <>{children}</>;
      },
    },
    types: {
      image: ({ value }: { value: SanityImageValue }) => (
        <figure className="pt-figure">
          <SanityImage image={value} sizes="(min-width: 800px) 720px, 100vw" maxWidth={1440} />
          {value.caption ? <figcaption>{value.caption}</figcaption> : null}
        </figure>
      ),
    },
  };
}

/** Component sets for the usual shifts, built once. */
const byShift = [components(0), components(1), components(2)] as const;

type Props = {
  value: PortableTextProps['value'];
  /** Heading levels already used around the text: 0 = its h2 is an h2, 1 = under an h2 heading. */
  headingShift?: 0 | 1 | 2;
};

export function PortableBody({ value, headingShift = 0 }: Props) {
  return (
    <div className="portable-body">
      <PortableText value={value} components={byShift[headingShift]} />
    </div>
  );
}
