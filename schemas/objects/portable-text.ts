/** Rich text for page copy: headings, quotes, lists, bold/italic, links (external and internal) and images. */
import { defineArrayMember, defineField, defineType } from 'sanity';
import { LinkIcon } from '@sanity/icons/Link';
import { DocumentIcon } from '@sanity/icons/Document';
import { routableTypes } from '../fields/routable.ts';
import { imageMember } from '../fields/image.ts';
import { HREF } from './link.ts';

export const portableText = defineType({
  name: 'portableText',
  title: 'Rich text',
  type: 'array',
  of: [
    defineArrayMember({
      type: 'block',
      styles: [
        { title: 'Normal', value: 'normal' },
        { title: 'Heading 2', value: 'h2' },
        { title: 'Heading 3', value: 'h3' },
        { title: 'Quote', value: 'blockquote' },
      ],
      lists: [
        { title: 'Bullets', value: 'bullet' },
        { title: 'Numbered', value: 'number' },
      ],
      marks: {
        decorators: [
          { title: 'Strong', value: 'strong' },
          { title: 'Emphasis', value: 'em' },
        ],
        annotations: [
          defineArrayMember({
            name: 'link',
            title: 'External link',
            type: 'object',
            icon: LinkIcon,
            fields: [
              defineField({
                name: 'href',
                type: 'string',
                validation: (rule) => rule.required().regex(HREF, { name: 'URL or path' }),
              }),
            ],
          }),
          defineArrayMember({
            name: 'internalLink',
            title: 'Internal link',
            type: 'object',
            icon: DocumentIcon,
            fields: [
              defineField({
                name: 'reference',
                type: 'reference',
                to: routableTypes,
                validation: (rule) => rule.required(),
              }),
            ],
          }),
        ],
      },
    }),
    imageMember(),
  ],
});
