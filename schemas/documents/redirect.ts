/** An old or short path sent elsewhere (server-side), so moved pages keep their links. */
import { defineField, defineType } from 'sanity';
import { ArrowRightIcon } from '@sanity/icons/ArrowRight';
import { HREF } from '../objects/link.ts';

export const redirect = defineType({
  name: 'redirect',
  type: 'document',
  icon: ArrowRightIcon,
  fields: [
    defineField({
      name: 'source',
      type: 'string',
      description: 'The old path, starting with "/": /about-us',
      validation: (rule) =>
        rule
          .required()
          .custom((value) => (!value || /^\/[^\s#?]*$/.test(value) ? true : 'Start with "/", no spaces, "?" or "#"')),
    }),
    defineField({
      name: 'destination',
      type: 'string',
      description: 'A path ("/about") or a full URL.',
      validation: (rule) =>
        rule.required().custom((value, { document }) => {
          if (!value) return true;
          if (!HREF.test(value) || value.startsWith('#')) return 'Use a path starting with "/" or a full URL';
          return value === document?.source ? 'The destination equals the source (a loop)' : true;
        }),
    }),
    defineField({
      name: 'permanent',
      type: 'boolean',
      description: 'On: a permanent redirect (search engines move the page). Off: temporary.',
      initialValue: true,
      validation: (rule) => rule.required(),
    }),
  ],
  preview: {
    select: { source: 'source', destination: 'destination', permanent: 'permanent' },
    prepare: ({ source, destination, permanent }) => ({
      title: `${source ?? '?'} → ${destination ?? '?'}`,
      subtitle: permanent ? 'Permanent' : 'Temporary',
    }),
  },
});
