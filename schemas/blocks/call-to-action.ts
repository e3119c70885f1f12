/** A closing prompt: heading, one line of text and one action link. */
import { defineField, defineType } from 'sanity';
import { BulbOutlineIcon } from '@sanity/icons/BulbOutline';

export const callToAction = defineType({
  name: 'callToAction',
  title: 'Call to action',
  type: 'object',
  icon: BulbOutlineIcon,
  fields: [
    defineField({ name: 'heading', type: 'string', validation: (rule) => rule.required() }),
    defineField({ name: 'text', type: 'text', rows: 2 }),
    defineField({ name: 'action', type: 'link', validation: (rule) => rule.required() }),
  ],
  preview: {
    select: { title: 'heading', label: 'action.label' },
    prepare: ({ title, label }) => ({ title, subtitle: `Call to action${label ? ` · ${label}` : ''}` }),
  },
});
