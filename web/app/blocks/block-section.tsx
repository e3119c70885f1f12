/** The frame of a block: a <section> with the optional anchor id, an h2 heading and intro. */
import type { ReactNode } from 'react';
import { useFieldMarkers } from './page-context';
import './blocks.css';

type Props = {
  /** The block's `_key`: in preview mode its heading and intro carry click-to-edit markers. */
  blockKey: string;
  /** The block's field shown as the intro, when not `intro`. */
  introField?: 'intro' | 'text';
  /** Block name for the class (`block-faq`). */
  name: string;
  anchor?: string | null;
  heading?: string | null;
  intro?: string | null;
  /** A tinted band instead of the page background. */
  tone?: 'plain' | 'tinted';
  children: ReactNode;
};

export function BlockSection({
  blockKey,
  introField = 'intro',
  name,
  anchor,
  heading,
  intro,
  tone = 'plain',
  children,
}: Props) {
  const markers = useFieldMarkers(blockKey);
  return (
    <section id={anchor ?? undefined} className={`block block-${name} block--${tone}`}>
      <div className="container">
        {heading || intro ? (
          <header className="block-header">
            {heading ? (
              <h2 className="block-heading" data-sanity={markers?.heading}>
                {heading}
              </h2>
            ) : null}
            {intro ? (
              <p className="block-intro" data-sanity={markers?.[introField]}>
                {intro}
              </p>
            ) : null}
          </header>
        ) : null}
        {children}
      </div>
    </section>
  );
}
