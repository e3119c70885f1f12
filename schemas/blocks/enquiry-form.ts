/** The /contact enquiry form: the fields are fixed (the enquiries table's); only the copy is here. */
import { defineField, defineType } from 'sanity';
import { CommentIcon } from '@sanity/icons/Comment';
import { anchorField } from '../fields/anchor.ts';

export const enquiryForm = defineType({
  name: 'enquiryForm',
  title: 'Enquiry form',
  type: 'object',
  icon: CommentIcon,
  fields: [
    anchorField,
    defineField({ name: 'heading', type: 'string', validation: (rule) => rule.required() }),
    defineField({ name: 'intro', type: 'text', rows: 3 }),
  ],
  preview: {
    select: { title: 'heading' },
    prepare: ({ title }) => ({ title, subtitle: 'Enquiry form (routed by topic, see site settings)' }),
  },
});
