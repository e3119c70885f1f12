/** What the audit trail lists as changed between a row's before and after images. */
import { describe, expect, it } from 'vitest';
import { actorName, changedFields } from './audit-log.ts';

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

describe('actorName', () => {
  const entry = (actor_role: string, table_name = 'public.orders', actor_email: string | null = null) => ({
    actor_role,
    table_name,
    actor_email,
  });

  it('names staff by e-mail, and a signed-out visitor as the customer or visitor of that table', () => {
    expect(actorName(entry('authenticated', 'public.orders', 'amina@ascent.example'))).toBe('amina@ascent.example');
    expect(actorName(entry('anon'))).toBe('the customer');
    expect(actorName(entry('anon', 'public.enquiries'))).toBe('the visitor who sent it');
    expect(actorName(entry('anon', 'public.something_else'))).toBe('a visitor');
  });

  it('names the website and scripts in words, never by role', () => {
    expect(actorName(entry('service_role'))).toBe('the system (server or script)');
    expect(actorName(entry('postgres'))).toBe('a script or migration');
  });
});
