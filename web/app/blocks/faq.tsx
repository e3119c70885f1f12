/** Questions and answers as native disclosures: keyboard and screen-reader friendly without script. */
import { BlockSection } from './block-section';
import { PortableBody } from './portable-body';
import type { BlockProps } from './types';

export function FaqBlock({ _key, anchor, heading, items }: BlockProps<'faq'>) {
  return (
    <BlockSection blockKey={_key} name="faq" anchor={anchor} heading={heading}>
      <div className="faq-list">
        {items.map((item) => (
          <details key={item._key} className="faq-item">
            <summary className="faq-item__question">{item.question}</summary>
            <div className="faq-item__answer">
              <PortableBody value={item.answer} headingShift={heading ? 1 : 0} />
            </div>
          </details>
        ))}
      </div>
    </BlockSection>
  );
}
