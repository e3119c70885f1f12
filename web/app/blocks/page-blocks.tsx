/** Renders a page's blocks in order (first cut: headings and text of each block). */
import type { PageBuilderBlock } from '../lib/sanity/routable.server';

export function PageBlocks({ blocks, title }: { blocks: PageBuilderBlock[]; title: string }) {
  const hasHero = blocks[0]?._type === 'hero';
  return (
    <>
      {hasHero ? null : <h1 className="container">{title}</h1>}
      {blocks.map((block, index) => {
        const heading = 'heading' in block ? block.heading : undefined;
        const text = 'text' in block && typeof block.text === 'string' ? block.text : undefined;
        const anchor = 'anchor' in block ? block.anchor : undefined;
        const Heading = index === 0 && hasHero ? 'h1' : 'h2';
        return (
          <section key={block._key} id={anchor ?? undefined} className="container block">
            {heading ? <Heading>{heading}</Heading> : null}
            {text ? <p>{text}</p> : null}
          </section>
        );
      })}
    </>
  );
}
