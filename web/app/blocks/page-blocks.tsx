/**
 * Renders a page's blocks in order through the registry. The first hero carries the page's h1;
 * a page without one gets an h1 from its title. An unknown block type (content ahead of the code)
 * shows a visible placeholder in development and nothing in production.
 */
import { useMemo, type ComponentType } from 'react';
import type { LiveData } from './live/types';
import { PageContext, type PageContextValue } from './page-context';
import { blockComponents, isKnownBlockType } from './registry';
import type { PageBuilderBlock } from './types';
import './blocks.css';

function UnknownBlock({ type }: { type: string }) {
  return (
    <div className="container unknown-block" role="note">
      Unknown block type “{type}”: add a component for it to app/blocks/registry.ts.
    </div>
  );
}

function Block({ block }: { block: PageBuilderBlock }) {
  // Content may name a type this build does not know, whatever the generated types say.
  const type: string = block._type;
  // Checked here, not inside UnknownBlock, so a production build leaves the component out.
  if (!isKnownBlockType(type)) return import.meta.env.DEV ? <UnknownBlock type={type} /> : null;
  // Looked up by the block's own _type, the component takes exactly this block (registry.ts checks
  // each pair); TypeScript cannot follow that pairing through the union, hence the widening.
  const Component = blockComponents[block._type] as ComponentType<PageBuilderBlock>;
  return <Component {...block} />;
}

type Props = {
  blocks: PageBuilderBlock[];
  title: string;
  /** Streamed rows for the live blocks (stats, eventList, programList, serviceList). */
  live?: LiveData;
  /** Preview mode only: click-to-edit `data-sanity` attributes (features/preview/markers.server.ts). */
  markers?: { title: string; blocks: Record<string, string>; fields: Record<string, Record<string, string>> };
};

export function PageBlocks({ blocks, title, live, markers }: Props) {
  const leadHeroKey = blocks.find((block) => block._type === 'hero')?._key;
  const fieldMarkers = markers?.fields;
  const context = useMemo<PageContextValue>(
    () => ({ leadHeroKey, live, fieldMarkers }),
    [leadHeroKey, live, fieldMarkers],
  );
  return (
    <PageContext.Provider value={context}>
      {leadHeroKey ? null : (
        <h1 className="container page-title" data-sanity={markers?.title}>
          {title}
        </h1>
      )}
      {blocks.map((block) =>
        markers ? (
          <div key={block._key} data-sanity={markers.blocks[block._key]}>
            <Block block={block} />
          </div>
        ) : (
          <Block key={block._key} block={block} />
        ),
      )}
    </PageContext.Provider>
  );
}
