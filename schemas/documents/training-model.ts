/** The training-model section: /training-model (slug "training-model") and its three subpages. */
import { defineField, defineType } from 'sanity';
import { BookIcon } from '@sanity/icons/Book';
import { slugField } from '../fields/slug.ts';
import { pageBuilderField } from '../fields/page-builder.ts';

export const trainingModel = defineType({
  name: 'trainingModel',
  title: 'Training model',
  type: 'document',
  icon: BookIcon,
  fields: [
    defineField({ name: 'title', type: 'string', validation: (rule) => rule.required() }),
    slugField({ description: '"training-model" for /training-model, else the last segment: "delivery-methods".' }),
    defineField({
      name: 'summary',
      type: 'text',
      rows: 3,
      description: 'Card and menu copy.',
      validation: (rule) => rule.required().max(200),
    }),
    defineField({ name: 'seo', title: 'SEO', type: 'seo' }),
    pageBuilderField,
  ],
  preview: {
    select: { title: 'title', slug: 'slug.current', media: 'seo.shareImage' },
    prepare: ({ title, slug, media }) => ({
      title,
      subtitle: slug === 'training-model' ? '/training-model' : `/training-model/${slug ?? ''}`,
      media,
    }),
  },
});
