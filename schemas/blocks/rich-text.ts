/** A section of formatted copy (headings, lists, quotes, links, images) with an optional heading. */
import { defineField, defineType } from 'sanity';
import { TextIcon } from '@sanity/icons/Text';
import { anchorField } from '../fields/anchor.ts';

export const richText = defineType({
  name: 'richText',
  title: 'Rich text',
  type: 'object',
  icon: TextIcon,
  fields: [
    anchorField,
    defineField({ name: 'heading', type: 'string' }),
    defineField({ name: 'body', type: 'portableText', validation: (rule) => rule.required().min(1) }),
  ],
  preview: {
    select: { heading: 'heading', body: 'body' },
    prepare: ({ heading, body }) => ({ title: heading ?? firstText(body) ?? 'Rich text', subtitle: 'Rich text' }),
  },
});

/** The first words of a Portable Text value, for previews without a heading. */
export function firstText(body: unknown): string | undefined {
  if (!Array.isArray(body)) return undefined;
  for (const block of body as { children?: { text?: string }[] }[]) {
    const text = block.children
      ?.map((child) => child.text ?? '')
      .join('')
      .trim();
    if (text) return text.length > 60 ? `${text.slice(0, 60)}…` : text;
  }
  return undefined;
}
