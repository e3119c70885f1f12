/** A grid of cards (title, text, optional image and link): values, reasons to choose us, offerings. */
import { defineArrayMember, defineField, defineType, type PreviewValue } from 'sanity';
import { ThLargeIcon } from '@sanity/icons/ThLarge';
import { anchorField } from '../fields/anchor.ts';
import { imageField } from '../fields/image.ts';

/** Cards the preview counts one by one (a preview selects paths, not a whole array of objects). */
const COUNTED_CARDS = 12;
const cardKeys = Object.fromEntries(
  Array.from({ length: COUNTED_CARDS }, (_, index) => [`card${index}`, `cards.${index}._key`]),
);

/** The block's preview: its heading, and how many cards it holds ("3 cards", "12+ cards", "No cards yet"). */
export function prepareCardGrid({ title, media, ...cards }: Record<string, unknown>): PreviewValue {
  const count = Object.values(cards).filter((key) => typeof key === 'string').length;
  const counted =
    count === 0 ? 'No cards yet' : `${count}${count === COUNTED_CARDS ? '+' : ''} ${count === 1 ? 'card' : 'cards'}`;
  return {
    title: typeof title === 'string' && title !== '' ? title : 'Card grid',
    subtitle: `Card grid · ${counted}`,
    media: media as PreviewValue['media'],
  };
}

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
    select: { title: 'heading', media: 'cards.0.image', ...cardKeys },
    prepare: prepareCardGrid,
  },
});
