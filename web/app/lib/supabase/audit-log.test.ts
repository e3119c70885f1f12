/** What the audit trail lists as changed between a row's before and after images. */
import { describe, expect, it } from 'vitest';
import { changedFields } from './audit-log.ts';

describe('changedFields', () => {
  it('lists the fields that differ, sorted, without updated_at', () => {
    expect(
      changedFields(
        { title: 'A', venue: 'Nairobi', seats: 3, updated_at: '1', tags: ['x'] },
        { title: 'A', venue: 'Online', seats: 4, updated_at: '2', tags: ['x', 'y'] },
      ),
    ).toEqual(['seats', 'tags', 'venue']);
  });

  it('an insert or delete lists every field of the one image', () => {
    expect(changedFields(null, { id: '1', title: 'New', updated_at: 'x' })).toEqual(['id', 'title']);
    expect(changedFields({ id: '1', title: 'Gone' }, null)).toEqual(['id', 'title']);
  });
});
