/** Desk structure: the two singletons as fixed items (no list, no "create new"), then one list per document type. */
import type { StructureResolver } from 'sanity/structure';
import { CogIcon } from '@sanity/icons/Cog';
import { MenuIcon } from '@sanity/icons/Menu';

export const SINGLETONS = [
  { type: 'siteSettings', title: 'Site settings', icon: CogIcon },
  { type: 'navigation', title: 'Navigation', icon: MenuIcon },
] as const;

export const singletonTypeNames = new Set<string>(SINGLETONS.map((s) => s.type));

const LISTS = [
  { type: 'page', title: 'Pages' },
  { type: 'service', title: 'Services' },
  { type: 'trainingModel', title: 'Training model' },
  { type: 'galleryAlbum', title: 'Gallery albums' },
  { type: 'redirect', title: 'Redirects' },
] as const;

export const structure: StructureResolver = (S) =>
  S.list()
    .title('Content')
    .items([
      ...SINGLETONS.map(({ type, title, icon }) =>
        S.listItem()
          .id(type)
          .title(title)
          .icon(icon)
          .child(S.document().schemaType(type).documentId(type).title(title)),
      ),
      S.divider(),
      ...LISTS.map(({ type, title }) => S.documentTypeListItem(type).title(title)),
    ]);
