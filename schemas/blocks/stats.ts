/** Impact figures; the numbers come live from Supabase `impact_metrics`, only the framing copy lives here. */
import { defineField, defineType } from 'sanity';
import { BarChartIcon } from '@sanity/icons/BarChart';
import { anchorField } from '../fields/anchor.ts';

export const stats = defineType({
  name: 'stats',
  title: 'Impact figures',
  type: 'object',
  icon: BarChartIcon,
  fields: [
    anchorField,
    defineField({ name: 'heading', type: 'string', validation: (rule) => rule.required() }),
    defineField({ name: 'intro', type: 'text', rows: 3 }),
  ],
  preview: {
    select: { title: 'heading' },
    prepare: ({ title }) => ({ title, subtitle: 'Impact figures (live from Supabase)' }),
  },
});
