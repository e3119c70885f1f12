/** A link to a document of this site (kept valid when slugs change) or to any URL, path or `#section`. */
import { defineField, defineType } from 'sanity';
import { LinkIcon } from '@sanity/icons/Link';
import { routableTypes } from '../fields/routable.ts';

/** Paths (`/x`, `/x#y`), section hashes (`#y`), web URLs, `mailto:` and `tel:`. */
export const HREF = /^(\/[^\s]*|#[A-Za-z][\w-]*|https?:\/\/[^\s]+|mailto:[^\s]+|tel:\+?[\d\s-]+)$/;

export const link = defineType({
  name: 'link',
  type: 'object',
  icon: LinkIcon,
  fields: [
    defineField({ name: 'label', type: 'string', description: 'Shown text; defaults to the linked page title.' }),
    defineField({
      name: 'kind',
      type: 'string',
      options: { list: ['internal', 'external'], layout: 'radio', direction: 'horizontal' },
      initialValue: 'internal',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'internal',
      title: 'Page',
      type: 'reference',
      to: routableTypes,
      hidden: ({ parent }) => parent?.kind === 'external',
      validation: (rule) =>
        rule.custom((value, { parent }) =>
          (parent as { kind?: string } | undefined)?.kind === 'internal' && !value
            ? 'Choose the page to link to'
            : true,
        ),
    }),
    defineField({
      name: 'href',
      title: 'URL or path',
      type: 'string',
      description: 'https://..., /path, /path#section, #section, mailto: or tel:',
      hidden: ({ parent }) => parent?.kind === 'internal',
      validation: (rule) =>
        rule.custom((value, { parent }) => {
          if ((parent as { kind?: string } | undefined)?.kind !== 'external') return true;
          if (!value) return 'Enter a URL or a path';
          return HREF.test(value) || 'Not a URL, path, #section, mailto: or tel: link';
        }),
    }),
  ],
  preview: {
    select: { label: 'label', kind: 'kind', href: 'href', target: 'internal.title' },
    prepare: ({ label, kind, href, target }) => ({
      title: label || target || href || 'Link',
      subtitle: kind === 'internal' ? `→ ${target ?? '(no page chosen)'}` : href,
    }),
  },
});
