/** The optional section id of a block, so links such as `/about#mission` can scroll to it. */
import { defineField } from 'sanity';

export const anchorField = defineField({
  name: 'anchor',
  title: 'Section id',
  type: 'string',
  description: 'Optional id for hash links (`/path#id`): lower-case letters, digits and hyphens.',
  validation: (rule) =>
    rule
      .regex(/^[a-z][a-z0-9-]*$/, { name: 'section id', invert: false })
      .error('Use lower-case letters, digits and hyphens, starting with a letter'),
});
