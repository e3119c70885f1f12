/** The singleton `navigation`: the header's main menu, with submenus under About Us, Our Services and Training Model. */
import { defineArrayMember, defineField, defineType } from 'sanity';
import { MenuIcon } from '@sanity/icons/Menu';

export const navigation = defineType({
  name: 'navigation',
  type: 'document',
  icon: MenuIcon,
  fields: [
    defineField({
      name: 'mainMenu',
      title: 'Main menu',
      type: 'array',
      of: [defineArrayMember({ type: 'navItem' })],
      validation: (rule) => rule.required().min(1),
    }),
  ],
  preview: {
    select: { items: 'mainMenu' },
    prepare: ({ items }) => ({
      title: 'Navigation',
      subtitle: Array.isArray(items) ? `${items.length} menu items` : 'Empty',
    }),
  },
});
