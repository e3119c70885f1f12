/** Copy beside a picture, the picture on the left or the right. */
import { defineField, defineType } from 'sanity';
import { SplitHorizontalIcon } from '@sanity/icons/SplitHorizontal';
import { anchorField } from '../fields/anchor.ts';
import { imageField } from '../fields/image.ts';

export const imageText = defineType({
  name: 'imageText',
  title: 'Image and text',
  type: 'object',
  icon: SplitHorizontalIcon,
  fields: [
    anchorField,
    defineField({ name: 'heading', type: 'string' }),
    defineField({ name: 'body', type: 'portableText', validation: (rule) => rule.required().min(1) }),
    imageField('image', { required: true }),
    defineField({
      name: 'imagePosition',
      type: 'string',
      options: { list: ['left', 'right'], layout: 'radio', direction: 'horizontal' },
      initialValue: 'right',
    }),
  ],
  preview: {
    select: { title: 'heading', position: 'imagePosition', media: 'image' },
    prepare: ({ title, position, media }) => ({
      title: title ?? 'Image and text',
      subtitle: `Image and text · image ${position ?? 'right'}`,
      media,
    }),
  },
});
