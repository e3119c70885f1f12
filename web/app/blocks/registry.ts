/**
 * The block registry: one component per page-builder `_type`. The compiler checks it against the
 * generated CMS types: a block added to the schema (and typegen) without a component here, or a
 * component whose props do not match its block, fails `npm run typecheck`.
 *
 * Live blocks (rows streamed from Supabase), the gallery and the enquiry form render in the
 * browser too, each from a chunk of its own that only a page showing it loads (hydration waits
 * for it there), so a page pays for the blocks it has (the 118 KiB budget; what several of them
 * share is in the CMS pages' own file: web/vite/chunk-groups.ts).
 * Every other block is rendered by the server only (server-rendered.tsx; its components are in
 * server-blocks.server.ts): here it names the chunk that renders it after a client-side
 * navigation. Every block's styles, those of the browser blocks too, are imported here, with the
 * page: the server's HTML needs them before any block chunk loads, and the server inlines only the
 * page's own stylesheets (a stylesheet of a lazy block chunk would be fetched when the chunk
 * loads, restyling the block late: docs/web-server.md, "No stylesheet request").
 */
import { browserBlocks } from './browser-blocks';
import { serverRendered, type PreloadableBlock } from './server-rendered';
import type { BlockType } from './types';
import '../components/ui/ui.css';
import '../components/ui/form-fields.css';
import '../features/catalogue/catalogue-filters.css';
// The enquiry form's HTML shows before its code loads (enquiry-form-loader.tsx): its honeypot must be hidden then.
import '../features/enquiry/enquiry-form.css';
import './call-to-action.css';
import './card-grid.css';
import './contact-details.css';
import './event-list.css';
import './faq.css';
import './hero.css';
import './image-gallery.css';
import './image-text.css';
import './logo-cloud.css';
import './portable-body.css';
import './program-list.css';
import './service-list.css';
import './stats.css';
import './steps.css';
import './testimonials.css';

/** Every block type mapped to a component taking exactly that block's props. */
export type BlockComponents = { [K in BlockType]: PreloadableBlock<K> };

export const blocks = {
  ...browserBlocks,
  hero: serverRendered(() => import('./hero').then((module) => module.HeroBlock)),
  richText: serverRendered(() => import('./rich-text').then((module) => module.RichTextBlock)),
  cardGrid: serverRendered(() => import('./card-grid').then((module) => module.CardGridBlock)),
  callToAction: serverRendered(() => import('./call-to-action').then((module) => module.CallToActionBlock)),
  logoCloud: serverRendered(() => import('./logo-cloud').then((module) => module.LogoCloudBlock)),
  faq: serverRendered(() => import('./faq').then((module) => module.FaqBlock)),
  steps: serverRendered(() => import('./steps').then((module) => module.StepsBlock)),
  imageText: serverRendered(() => import('./image-text').then((module) => module.ImageTextBlock)),
  testimonials: serverRendered(() => import('./testimonials').then((module) => module.TestimonialsBlock)),
  contactDetails: serverRendered(() => import('./contact-details').then((module) => module.ContactDetailsBlock)),
} as const satisfies BlockComponents;

/** The same map, typed per block type: `blockComponents[type]` takes exactly that block's props. */
export const blockComponents: BlockComponents = blocks;

export function isKnownBlockType(type: string): type is BlockType {
  return Object.hasOwn(blocks, type);
}

/**
 * Loads the code of the blocks a page uses that the browser does not have yet (server-rendered
 * blocks the visitor has not met), so a client-side navigation shows the page whole.
 */
export async function preloadBlockCode(pageBlocks: readonly { _type: string }[]): Promise<void> {
  const types = new Set(pageBlocks.map((block) => block._type).filter(isKnownBlockType));
  await Promise.all([...types].map((type) => blockComponents[type].preload?.()));
}
