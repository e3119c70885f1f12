/** Logos of partners, clients or accrediting bodies, each with a name and optional link and description. */
import { defineArrayMember, defineField, defineType } from 'sanity';
import { UsersIcon } from '@sanity/icons/Users';
import { anchorField } from '../fields/anchor.ts';
import { imageField } from '../fields/image.ts';

export const logoCloud = defineType({
  name: 'logoCloud',
  title: 'Logo cloud',
  type: 'object',
  icon: UsersIcon,
  fields: [
    anchorField,
    defineField({ name: 'heading', type: 'string' }),
    defineField({ name: 'intro', type: 'text', rows: 3 }),
    defineField({
      name: 'kind',
      type: 'string',
      options: { list: ['partners', 'clients', 'accreditation'], layout: 'radio', direction: 'horizontal' },
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'logos',
      type: 'array',
      of: [
        defineArrayMember({
          name: 'logo',
          type: 'object',
          fields: [
            defineField({ name: 'name', type: 'string', validation: (rule) => rule.required() }),
            imageField('image', { required: true }),
            defineField({ name: 'url', type: 'url' }),
            defineField({ name: 'description', type: 'text', rows: 2 }),
          ],
          preview: { select: { title: 'name', subtitle: 'url', media: 'image' } },
        }),
      ],
      validation: (rule) => rule.required().min(1),
    }),
  ],
  preview: {
    select: { title: 'heading', kind: 'kind', media: 'logos.0.image' },
    prepare: ({ title, kind, media }) => ({ title: title ?? 'Logos', subtitle: `Logo cloud · ${kind ?? ''}`, media }),
  },
});
