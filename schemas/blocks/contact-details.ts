/** The contact section; phone, e-mail, address and hours come from site settings, so only the copy is here. */
import { defineField, defineType } from 'sanity';
import { EnvelopeIcon } from '@sanity/icons/Envelope';
import { anchorField } from '../fields/anchor.ts';

export const contactDetails = defineType({
  name: 'contactDetails',
  title: 'Contact details',
  type: 'object',
  icon: EnvelopeIcon,
  fields: [
    anchorField,
    defineField({ name: 'heading', type: 'string', validation: (rule) => rule.required() }),
    defineField({ name: 'text', type: 'text', rows: 3 }),
  ],
  preview: {
    select: { title: 'heading' },
    prepare: ({ title }) => ({ title, subtitle: 'Contact details (from site settings)' }),
  },
});
