/** A main-menu entry: a label, where it goes, and (top level only) a submenu, as in the spec's header. */
import { defineArrayMember, defineField, defineType } from 'sanity';
import { MenuIcon } from '@sanity/icons/Menu';

export const navItem = defineType({
  name: 'navItem',
  title: 'Menu item',
  type: 'object',
  icon: MenuIcon,
  fields: [
    defineField({ name: 'label', type: 'string', validation: (rule) => rule.required() }),
    defineField({ name: 'link', type: 'link', validation: (rule) => rule.required() }),
    defineField({
      name: 'children',
      title: 'Submenu',
      type: 'array',
      of: [defineArrayMember({ type: 'navItem' })],
      validation: (rule) =>
        rule.custom((children: { children?: unknown[] }[] | undefined) =>
          children?.some((child) => (child.children?.length ?? 0) > 0) ? 'Submenus are one level deep' : true,
        ),
    }),
  ],
  preview: {
    select: { title: 'label', target: 'link.internal.title', href: 'link.href', children: 'children' },
    prepare: ({ title, target, href, children }) => ({
      title,
      subtitle: [target ?? href, children?.length ? `${children.length} sub-items` : null].filter(Boolean).join(' · '),
    }),
  },
});
