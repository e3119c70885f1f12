/** Who may open the guarded admin screens, and which guard the current route asks for. */
import type { UIMatch } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mayUse, requiredRoles, screenRoles } from './admin-access';

const match = (handle: unknown) =>
  ({ id: 'x', pathname: '/admin', params: {}, data: null, loaderData: null, handle }) as UIMatch;

describe('admin access', () => {
  it('opens a guarded screen to admins and its roles only; an unguarded one to every staff member', () => {
    expect(mayUse(['admin'], screenRoles.staff)).toBe(true);
    expect(mayUse(['finance', 'marketing'], screenRoles.staff)).toBe(false);
    expect(mayUse(['finance'], screenRoles.eventEditor)).toBe(false);
    expect(mayUse(['finance', 'marketing'], screenRoles.eventEditor)).toBe(true);
    expect(mayUse(['marketing'], screenRoles.programEditor)).toBe(false);
    expect(mayUse(['programmes'], screenRoles.serviceEditor)).toBe(true);
    expect(mayUse(['front_desk'], undefined)).toBe(true);
  });

  it("reads the deepest route's roles from the matches' handles, none when no route asks", () => {
    expect(requiredRoles([match(undefined), match({ roles: ['programmes'] })])).toEqual(['programmes']);
    expect(requiredRoles([match({ roles: [] }), match({ title: 'x' })])).toEqual([]);
    expect(requiredRoles([match(undefined), match(null)])).toBeUndefined();
  });
});
