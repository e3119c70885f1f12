/** Image fields that always carry alt text (required) and an optional caption, stored as `_type: 'image'`. */
import { defineArrayMember, defineField } from 'sanity';

const imageSubfields = [
  defineField({
    name: 'alt',
    title: 'Alternative text',
    type: 'string',
    description: 'What the picture shows, for screen readers and search engines.',
    validation: (rule) => rule.required(),
  }),
  defineField({ name: 'caption', type: 'string' }),
];

/** An image field (hotspot on) with alt and caption. */
export function imageField(name: string, options: { title?: string; required?: boolean; description?: string } = {}) {
  return defineField({
    name,
    title: options.title,
    description: options.description,
    type: 'image',
    options: { hotspot: true },
    fields: imageSubfields,
    validation: (rule) => (options.required ? rule.required() : rule),
  });
}

/** The same image as an array member (galleries, inline images in Portable Text). */
export function imageMember() {
  return defineArrayMember({ type: 'image', options: { hotspot: true }, fields: imageSubfields });
}
