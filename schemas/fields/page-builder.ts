/** The `pageBuilder` field: an ordered list of the blocks registered in blocks/index.ts. */
import { defineArrayMember, defineField } from 'sanity';
import { blockTypes } from '../blocks/index.ts';

export const pageBuilderField = defineField({
  name: 'pageBuilder',
  title: 'Page sections',
  type: 'array',
  of: blockTypes.map((block) => defineArrayMember({ type: block.name })),
  options: { insertMenu: { views: [{ name: 'list' }] } },
});
