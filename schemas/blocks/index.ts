/** The one list of page-builder blocks: pageBuilder fields, the website's block registry and the seed check use it. */
import { hero } from './hero.ts';
import { richText } from './rich-text.ts';
import { cardGrid } from './card-grid.ts';
import { stats } from './stats.ts';
import { callToAction } from './call-to-action.ts';
import { logoCloud } from './logo-cloud.ts';
import { faq } from './faq.ts';
import { steps } from './steps.ts';
import { imageText } from './image-text.ts';
import { testimonials } from './testimonials.ts';
import { imageGallery } from './image-gallery.ts';
import { contactDetails } from './contact-details.ts';
import { eventList } from './event-list.ts';
import { programList } from './program-list.ts';
import { serviceList } from './service-list.ts';
import { enquiryForm } from './enquiry-form.ts';

export const blockTypes = [
  hero,
  richText,
  cardGrid,
  stats,
  callToAction,
  logoCloud,
  faq,
  steps,
  imageText,
  testimonials,
  imageGallery,
  contactDetails,
  eventList,
  programList,
  serviceList,
  enquiryForm,
];

/** The `_type` of every block, e.g. for `Record<BlockTypeName, ...>` checks. */
export type BlockTypeName = (typeof blockTypes)[number]['name'];
export const blockTypeNames: readonly BlockTypeName[] = blockTypes.map((block) => block.name);
