/** A list of events; the rows come live from Supabase `events`, the block holds the copy and the filter. */
import { defineField, defineType } from 'sanity';
import { CalendarIcon } from '@sanity/icons/Calendar';
import { anchorField } from '../fields/anchor.ts';

export const eventList = defineType({
  name: 'eventList',
  title: 'Event list',
  type: 'object',
  icon: CalendarIcon,
  fields: [
    anchorField,
    defineField({ name: 'heading', type: 'string', validation: (rule) => rule.required() }),
    defineField({ name: 'intro', type: 'text', rows: 3 }),
    defineField({
      name: 'show',
      type: 'string',
      options: { list: ['upcoming', 'past', 'all'], layout: 'radio', direction: 'horizontal' },
      initialValue: 'upcoming',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'limit',
      type: 'number',
      description: 'Empty: all.',
      validation: (rule) => rule.integer().min(1).max(100),
    }),
  ],
  preview: {
    select: { title: 'heading', show: 'show', limit: 'limit' },
    prepare: ({ title, show, limit }) => ({
      title,
      subtitle: `Events · ${show ?? 'upcoming'}${limit ? ` · ${limit}` : ''}`,
    }),
  },
});
