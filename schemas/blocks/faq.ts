/** Frequently asked questions, each answer in rich text. */
import { defineArrayMember, defineField, defineType } from 'sanity';
import { HelpCircleIcon } from '@sanity/icons/HelpCircle';
import { anchorField } from '../fields/anchor.ts';
import { firstText } from './rich-text.ts';

export const faq = defineType({
  name: 'faq',
  title: 'FAQ',
  type: 'object',
  icon: HelpCircleIcon,
  fields: [
    anchorField,
    defineField({ name: 'heading', type: 'string' }),
    defineField({
      name: 'items',
      type: 'array',
      of: [
        defineArrayMember({
          name: 'faqItem',
          type: 'object',
          fields: [
            defineField({ name: 'question', type: 'string', validation: (rule) => rule.required() }),
            defineField({ name: 'answer', type: 'portableText', validation: (rule) => rule.required().min(1) }),
          ],
          preview: {
            select: { title: 'question', answer: 'answer' },
            prepare: ({ title, answer }) => ({ title, subtitle: firstText(answer) }),
          },
        }),
      ],
      validation: (rule) => rule.required().min(1),
    }),
  ],
  preview: {
    select: { title: 'heading', items: 'items' },
    prepare: ({ title, items }) => ({
      title: title ?? 'FAQ',
      subtitle: `FAQ · ${Array.isArray(items) ? items.length : 0} questions`,
    }),
  },
});
