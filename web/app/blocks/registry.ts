/**
 * The block registry: one component per page-builder `_type`. The compiler checks it against the
 * generated CMS types: a block added to the schema (and typegen) without a component here, or a
 * component whose props do not match its block, fails `npm run typecheck`.
 */
import type { ComponentType } from 'react';
import { CallToActionBlock } from './call-to-action';
import { CardGridBlock } from './card-grid';
import { ContactDetailsBlock } from './contact-details';
import { EventListBlock } from './event-list';
import { FaqBlock } from './faq';
import { HeroBlock } from './hero';
import { ImageGalleryBlock } from './image-gallery';
import { ImageTextBlock } from './image-text';
import { LogoCloudBlock } from './logo-cloud';
import { ProgramListBlock } from './program-list';
import { RichTextBlock } from './rich-text';
import { ServiceListBlock } from './service-list';
import { StatsBlock } from './stats';
import { StepsBlock } from './steps';
import { TestimonialsBlock } from './testimonials';
import type { BlockProps, BlockType } from './types';

/** Every block type mapped to a component taking exactly that block's props. */
export type BlockComponents = { [K in BlockType]: ComponentType<BlockProps<K>> };

export const blocks = {
  hero: HeroBlock,
  richText: RichTextBlock,
  cardGrid: CardGridBlock,
  stats: StatsBlock,
  callToAction: CallToActionBlock,
  logoCloud: LogoCloudBlock,
  faq: FaqBlock,
  steps: StepsBlock,
  imageText: ImageTextBlock,
  testimonials: TestimonialsBlock,
  imageGallery: ImageGalleryBlock,
  contactDetails: ContactDetailsBlock,
  eventList: EventListBlock,
  programList: ProgramListBlock,
  serviceList: ServiceListBlock,
} as const satisfies BlockComponents;

const registry: BlockComponents = blocks;

export function isKnownBlockType(type: string): type is BlockType {
  return Object.hasOwn(blocks, type);
}

/** The component for `type`, typed for that block. */
export function blockComponent<K extends BlockType>(type: K): ComponentType<BlockProps<K>> {
  return registry[type];
}
