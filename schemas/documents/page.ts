/** A routable page (home, about, contact...); its slug is the public path without the leading `/`. */
import { defineField, defineType } from 'sanity';
import { DocumentIcon } from '@sanity/icons/Document';
import { slugField } from '../fields/slug.ts';
import { pageBuilderField } from '../fields/page-builder.ts';

export const page = defineType({
  name: 'page',
  type: 'document',
  icon: DocumentIcon,
  fields: [
    defineField({ name: 'title', type: 'string', validation: (rule) => rule.required() }),
    slugField({
      path: true,
      description: 'Public path without the leading "/": "about/mission-vision"; the home page is "home".',
    }),
    defineField({ name: 'seo', title: 'SEO', type: 'seo' }),
    pageBuilderField,
  ],
  preview: {
    select: { title: 'title', slug: 'slug.current', media: 'seo.shareImage' },
    prepare: ({ title, slug, media }) => ({ title, subtitle: slug === 'home' ? '/' : `/${slug ?? ''}`, media }),
  },
});
