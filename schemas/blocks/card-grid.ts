/** A grid of cards (title, text, optional image and link): values, reasons to choose us, offerings. */
import { defineArrayMember, defineField, defineType } from 'sanity';
import { ThLargeIcon } from '@sanity/icons/ThLarge';
import { anchorField } from '../fields/anchor.ts';
import { imageField } from '../fields/image.ts';

export const cardGrid = defineType({
  name: 'cardGrid',
  title: 'Card grid',
  type: 'object',
  icon: ThLargeIcon,
  fields: [
    anchorField,
    defineField({ name: 'heading', type: 'string' }),
    defineField({ name: 'intro', type: 'text', rows: 3 }),
    defineField({
      name: 'cards',
      type: 'array',
      of: [
        defineArrayMember({
          name: 'card',
          type: 'object',
          fields: [
            defineField({ name: 'title', type: 'string', validation: (rule) => rule.required() }),
            defineField({ name: 'text', type: 'text', rows: 3 }),
            imageField('image'),
            defineField({ name: 'link', type: 'link' }),
          ],
          preview: { select: { title: 'title', subtitle: 'text', media: 'image' } },
        }),
      ],
      validation: (rule) => rule.required().min(1),
    }),
  ],
  preview: {
    select: { title: 'heading', cards: 'cards', media: 'cards.0.image' },
    prepare: ({ title, cards, media }) => ({
      title: title ?? 'Card grid',
      subtitle: `Card grid · ${Array.isArray(cards) ? cards.length : 0} cards`,
      media,
    }),
  },
});
