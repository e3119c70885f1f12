/** Event galleries: shows the chosen albums (galleryAlbum documents) in order. */
import { defineArrayMember, defineField, defineType } from 'sanity';
import { ImagesIcon } from '@sanity/icons/Images';
import { anchorField } from '../fields/anchor.ts';

export const imageGallery = defineType({
  name: 'imageGallery',
  title: 'Image gallery',
  type: 'object',
  icon: ImagesIcon,
  fields: [
    anchorField,
    defineField({ name: 'heading', type: 'string' }),
    defineField({
      name: 'albums',
      type: 'array',
      of: [defineArrayMember({ type: 'reference', to: [{ type: 'galleryAlbum' }] })],
      validation: (rule) => rule.required().min(1).unique(),
    }),
  ],
  preview: {
    select: { title: 'heading', albums: 'albums', media: 'albums.0.images.0' },
    prepare: ({ title, albums, media }) => ({
      title: title ?? 'Image gallery',
      subtitle: `Gallery · ${Array.isArray(albums) ? albums.length : 0} albums`,
      media,
    }),
  },
});
