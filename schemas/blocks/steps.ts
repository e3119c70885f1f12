/** A numbered process (how training is delivered, how to enrol). */
import { defineArrayMember, defineField, defineType } from 'sanity';
import { OlistIcon } from '@sanity/icons/Olist';
import { anchorField } from '../fields/anchor.ts';

export const steps = defineType({
  name: 'steps',
  type: 'object',
  icon: OlistIcon,
  fields: [
    anchorField,
    defineField({ name: 'heading', type: 'string' }),
    defineField({ name: 'intro', type: 'text', rows: 3 }),
    defineField({
      name: 'steps',
      type: 'array',
      of: [
        defineArrayMember({
          name: 'step',
          type: 'object',
          fields: [
            defineField({ name: 'title', type: 'string', validation: (rule) => rule.required() }),
            defineField({ name: 'text', type: 'text', rows: 3 }),
          ],
          preview: { select: { title: 'title', subtitle: 'text' } },
        }),
      ],
      validation: (rule) => rule.required().min(1),
    }),
  ],
  preview: {
    select: { title: 'heading', items: 'steps' },
    prepare: ({ title, items }) => ({
      title: title ?? 'Steps',
      subtitle: `Steps · ${Array.isArray(items) ? items.length : 0}`,
    }),
  },
});
