/** One advisory/training service at /services/<slug>; the slug equals the Supabase `services.slug`. */
import { defineField, defineType } from 'sanity';
import { CaseIcon } from '@sanity/icons/Case';
import { slugField } from '../fields/slug.ts';
import { pageBuilderField } from '../fields/page-builder.ts';

export const service = defineType({
  name: 'service',
  type: 'document',
  icon: CaseIcon,
  fields: [
    defineField({ name: 'title', type: 'string', validation: (rule) => rule.required() }),
    slugField({ description: 'Last path segment: "strategic-leadership" for /services/strategic-leadership.' }),
    defineField({
      name: 'summary',
      type: 'text',
      rows: 3,
      description: 'Card and search copy.',
      validation: (rule) => rule.required().max(200),
    }),
    defineField({ name: 'seo', title: 'SEO', type: 'seo' }),
    pageBuilderField,
  ],
  preview: {
    select: { title: 'title', slug: 'slug.current', media: 'seo.shareImage' },
    prepare: ({ title, slug, media }) => ({ title, subtitle: `/services/${slug ?? ''}`, media }),
  },
});
