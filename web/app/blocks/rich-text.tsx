/** A section of formatted copy with an optional h2 heading. */
import { BlockSection } from './block-section';
import { PortableBody } from './portable-body';
import type { BlockProps } from './types';

export function RichTextBlock({ _key, anchor, heading, body }: BlockProps<'richText'>) {
  return (
    <BlockSection blockKey={_key} name="rich-text" anchor={anchor} heading={heading}>
      <PortableBody value={body} headingShift={heading ? 1 : 0} />
    </BlockSection>
  );
}
