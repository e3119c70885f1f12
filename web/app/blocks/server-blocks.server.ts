/**
 * The components of the server-rendered blocks (server-rendered.tsx), for entry.server.tsx only:
 * importing them here, and nowhere the browser's bundle reaches, keeps their code, Portable Text
 * and the image URL builder out of every page's JavaScript.
 */
import { CatalogueFilters } from '../features/catalogue/catalogue-filters';
import { CallToActionBlock } from './call-to-action';
import { CardGridBlock } from './card-grid';
import { ContactDetailsBlock } from './contact-details';
import { FaqBlock } from './faq';
import { HeroBlock } from './hero';
import { ImageGalleryGrid } from './image-gallery-grid';
import { ImageTextBlock } from './image-text';
import { LogoCloudBlock } from './logo-cloud';
import { RichTextBlock } from './rich-text';
import type { ServerPartComponents } from './server-parts';
import type { ServerBlockComponents } from './server-rendered';
import { StepsBlock } from './steps';
import { TestimonialsBlock } from './testimonials';
import { EnquiryFormBlock } from './enquiry-form';

export const serverBlocks = {
  hero: HeroBlock,
  richText: RichTextBlock,
  cardGrid: CardGridBlock,
  callToAction: CallToActionBlock,
  logoCloud: LogoCloudBlock,
  faq: FaqBlock,
  steps: StepsBlock,
  imageText: ImageTextBlock,
  testimonials: TestimonialsBlock,
  imageGallery: ImageGalleryGrid,
  contactDetails: ContactDetailsBlock,
} as const satisfies ServerBlockComponents;

/** The server-only parts of live blocks (server-parts.tsx). */
export const serverParts = {
  catalogueFilters: CatalogueFilters,
  enquiryForm: EnquiryFormBlock,
} satisfies ServerPartComponents;
