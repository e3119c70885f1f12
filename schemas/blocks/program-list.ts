/** A list of training programs; rows come live from Supabase `training_programs`, optionally one category. */
import { defineField, defineType } from 'sanity';
import { BookIcon } from '@sanity/icons/Book';
import { anchorField } from '../fields/anchor.ts';

export const programList = defineType({
  name: 'programList',
  title: 'Program list',
  type: 'object',
  icon: BookIcon,
  fields: [
    anchorField,
    defineField({ name: 'heading', type: 'string', validation: (rule) => rule.required() }),
    defineField({ name: 'intro', type: 'text', rows: 3 }),
    defineField({ name: 'category', type: 'string', description: 'Only programs of this category; empty: all.' }),
    defineField({
      name: 'limit',
      type: 'number',
      description: 'Empty: all.',
      validation: (rule) => rule.integer().min(1).max(100),
    }),
  ],
  preview: {
    select: { title: 'heading', category: 'category' },
    prepare: ({ title, category }) => ({ title, subtitle: `Programs · ${category ?? 'all categories'}` }),
  },
});
