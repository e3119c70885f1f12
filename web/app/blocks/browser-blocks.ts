/**
 * The blocks that render in the browser as well as on the server: the live lists (rows streamed
 * from Supabase), the gallery (its lightbox) and the enquiry form. Each is a chunk of its own that
 * only a page showing it loads (hydration waits for it there), so a page pays for the blocks it
 * has, not for all of them (the 118 KiB JavaScript budget). web/vite/chunk-groups.ts reads this
 * module's dynamic imports: what two or more of these blocks share goes into the CMS pages' own
 * file rather than into small files of its own.
 */
import { serverReadyLazy } from '../components/ui/server-ready-lazy';

export const browserBlocks = {
  stats: serverReadyLazy(() => import('./live-lists').then((module) => module.StatsBlock)),
  imageGallery: serverReadyLazy(() => import('./image-gallery').then((module) => module.ImageGalleryBlock)),
  eventList: serverReadyLazy(() => import('./live-lists').then((module) => module.EventListBlock)),
  programList: serverReadyLazy(() => import('./program-list').then((module) => module.ProgramListBlock)),
  serviceList: serverReadyLazy(() => import('./live-lists').then((module) => module.ServiceListBlock)),
  enquiryForm: serverReadyLazy(() => import('./enquiry-form-loader').then((module) => module.EnquiryFormLoader)),
};
