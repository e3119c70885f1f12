/** A set of event photos shown by the imageGallery block on /media. */
import { defineField, defineType } from 'sanity';
import { ImagesIcon } from '@sanity/icons/Images';
import { slugField } from '../fields/slug.ts';
import { imageMember } from '../fields/image.ts';

export const galleryAlbum = defineType({
  name: 'galleryAlbum',
  title: 'Gallery album',
  type: 'document',
  icon: ImagesIcon,
  fields: [
    defineField({ name: 'title', type: 'string', validation: (rule) => rule.required() }),
    slugField({ description: 'Album id used in gallery links: "leadership-summit-2025".' }),
    defineField({ name: 'date', type: 'date', description: 'When the event took place.' }),
    defineField({ name: 'description', type: 'text', rows: 3 }),
    defineField({
      name: 'images',
      type: 'array',
      of: [imageMember()],
      options: { layout: 'grid' },
      validation: (rule) => rule.required().min(1),
    }),
  ],
  orderings: [{ title: 'Newest first', name: 'dateDesc', by: [{ field: 'date', direction: 'desc' }] }],
  preview: {
    select: { title: 'title', date: 'date', media: 'images.0', count: 'images' },
    prepare: ({ title, date, media, count }) => ({
      title,
      subtitle: [date, Array.isArray(count) ? `${count.length} photos` : null].filter(Boolean).join(' · '),
      media,
    }),
  },
});
