/** Block types from the generated CMS types: one `_type` per schema block, props per type. */
import type { PageBuilderBlock } from '../lib/sanity/routable.server';

export type { PageBuilderBlock };
export type BlockType = PageBuilderBlock['_type'];
/** The props of the block component for `_type` K, e.g. `BlockProps<'hero'>`. */
export type BlockProps<K extends BlockType> = Extract<PageBuilderBlock, { _type: K }>;

/** The tag for item titles inside a block: h3 under the block's h2, h2 when the block has no heading. */
export function itemHeading(blockHeading: string | null | undefined): 'h2' | 'h3' {
  return blockHeading ? 'h3' : 'h2';
}
