/** Search and sharing metadata for a page; the description warns past 160 characters (search engines cut it). */
import { defineField, defineType } from 'sanity';
import { SearchIcon } from '@sanity/icons/Search';
import { imageField } from '../fields/image.ts';

export const seo = defineType({
  name: 'seo',
  title: 'SEO',
  type: 'object',
  icon: SearchIcon,
  options: { collapsible: true, collapsed: true },
  fields: [
    defineField({
      name: 'title',
      type: 'string',
      description: 'Browser tab and search result title; defaults to the page title.',
      validation: (rule) => rule.max(70).warning('Search engines show about 60-70 characters'),
    }),
    defineField({
      name: 'description',
      type: 'text',
      rows: 3,
      description: 'One or two sentences for search results and link previews.',
      validation: (rule) => rule.max(160).warning('Longer than 160 characters: search engines will cut it'),
    }),
    imageField('shareImage', {
      title: 'Share image',
      description: 'Shown when the page is shared (1200x630 works best).',
    }),
    defineField({
      name: 'noIndex',
      title: 'Hide from search engines',
      type: 'boolean',
      initialValue: false,
    }),
  ],
});
