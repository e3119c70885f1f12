/** A list of services; rows come live from Supabase `services`, each linking to /services/<slug>. */
import { defineField, defineType } from 'sanity';
import { CaseIcon } from '@sanity/icons/Case';
import { anchorField } from '../fields/anchor.ts';

export const serviceList = defineType({
  name: 'serviceList',
  title: 'Service list',
  type: 'object',
  icon: CaseIcon,
  fields: [
    anchorField,
    defineField({ name: 'heading', type: 'string', validation: (rule) => rule.required() }),
    defineField({ name: 'intro', type: 'text', rows: 3 }),
  ],
  preview: {
    select: { title: 'heading' },
    prepare: ({ title }) => ({ title, subtitle: 'Services (live from Supabase)' }),
  },
});
