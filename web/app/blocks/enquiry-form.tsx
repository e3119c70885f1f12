/** The enquiry form block (/contact): the CMS copy around the fixed form of the enquiry feature (its own chunk, see registry.ts). */
import { EnquiryForm } from '../features/enquiry/enquiry-form';
import type { EnquiryValues } from '../features/enquiry/enquiry-schema';
import { BlockSection } from './block-section';
import type { BlockProps } from './types';

export { readServerForm } from './carried-input';

export function EnquiryFormBlock({
  _key,
  anchor,
  heading,
  intro,
  initial,
}: BlockProps<'enquiryForm'> & { initial?: Partial<EnquiryValues> }) {
  return (
    <BlockSection blockKey={_key} name="enquiry-form" anchor={anchor} heading={heading} intro={intro}>
      <EnquiryForm initial={initial} />
    </BlockSection>
  );
}
