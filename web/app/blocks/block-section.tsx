/** The frame of a block: a <section> with the optional anchor id, an h2 heading and intro. */
import type { ReactNode } from 'react';
import './blocks.css';

type Props = {
  /** Block name for the class (`block-faq`). */
  name: string;
  anchor?: string | null;
  heading?: string | null;
  intro?: string | null;
  /** A tinted band instead of the page background. */
  tone?: 'plain' | 'tinted';
  children: ReactNode;
};

export function BlockSection({ name, anchor, heading, intro, tone = 'plain', children }: Props) {
  return (
    <section id={anchor ?? undefined} className={`block block-${name} block--${tone}`}>
      <div className="container">
        {heading || intro ? (
          <header className="block-header">
            {heading ? <h2 className="block-heading">{heading}</h2> : null}
            {intro ? <p className="block-intro">{intro}</p> : null}
          </header>
        ) : null}
        {children}
      </div>
    </section>
  );
}
