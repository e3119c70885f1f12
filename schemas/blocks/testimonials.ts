/** Quotes from participants and client organisations. */
import { defineArrayMember, defineField, defineType } from 'sanity';
import { CommentIcon } from '@sanity/icons/Comment';
import { anchorField } from '../fields/anchor.ts';

export const testimonials = defineType({
  name: 'testimonials',
  type: 'object',
  icon: CommentIcon,
  fields: [
    anchorField,
    defineField({ name: 'heading', type: 'string' }),
    defineField({
      name: 'items',
      type: 'array',
      of: [
        defineArrayMember({
          name: 'testimonial',
          type: 'object',
          fields: [
            defineField({ name: 'quote', type: 'text', rows: 4, validation: (rule) => rule.required() }),
            defineField({ name: 'name', type: 'string', validation: (rule) => rule.required() }),
            defineField({ name: 'role', type: 'string' }),
            defineField({ name: 'organisation', type: 'string' }),
          ],
          preview: {
            select: { name: 'name', organisation: 'organisation', quote: 'quote' },
            prepare: ({ name, organisation, quote }) => ({ title: name, subtitle: organisation ?? quote }),
          },
        }),
      ],
      validation: (rule) => rule.required().min(1),
    }),
  ],
  preview: {
    select: { title: 'heading', items: 'items' },
    prepare: ({ title, items }) => ({
      title: title ?? 'Testimonials',
      subtitle: `Testimonials · ${Array.isArray(items) ? items.length : 0}`,
    }),
  },
});
