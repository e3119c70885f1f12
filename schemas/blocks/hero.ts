/** The opening banner of a page: eyebrow, heading, text, image and up to three action links. */
import { defineArrayMember, defineField, defineType } from 'sanity';
import { StarIcon } from '@sanity/icons/Star';
import { imageField } from '../fields/image.ts';

export const hero = defineType({
  name: 'hero',
  type: 'object',
  icon: StarIcon,
  fields: [
    defineField({ name: 'eyebrow', type: 'string', description: 'Short line above the heading.' }),
    defineField({ name: 'heading', type: 'string', validation: (rule) => rule.required() }),
    defineField({ name: 'text', type: 'text', rows: 3 }),
    imageField('image'),
    defineField({
      name: 'actions',
      type: 'array',
      of: [defineArrayMember({ type: 'link' })],
      validation: (rule) => rule.max(3),
    }),
  ],
  preview: {
    select: { title: 'heading', subtitle: 'eyebrow', media: 'image' },
    prepare: ({ title, subtitle, media }) => ({ title, subtitle: subtitle ? `Hero · ${subtitle}` : 'Hero', media }),
  },
});
