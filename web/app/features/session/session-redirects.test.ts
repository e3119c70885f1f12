/** Which paths count as the sign-in screen and the admin area, and the startup redirects. */
import { describe, expect, it } from 'vitest';
import { isAdminPath, isLoginPath, startupRedirect } from './session-redirects.ts';

describe('session redirects', () => {
  it('matches /login itself and the whole admin area, nothing that merely starts alike', () => {
    expect(['/login', '/login/'].map(isLoginPath)).toEqual([true, true]);
    expect(['/login/reset', '/login/forgot', '/loginx', '/'].map(isLoginPath)).toEqual([false, false, false, false]);
    expect(['/admin', '/admin/', '/admin/events/4'].map(isAdminPath)).toEqual([true, true, true]);
    expect(['/administration', '/', '/login'].map(isAdminPath)).toEqual([false, false, false]);
  });

  it('sends a session on /login to /admin and no session on /admin to /login, nothing else', () => {
    expect(startupRedirect('/login', true)).toBe('/admin');
    expect(startupRedirect('/admin/orders', false)).toBe('/login');
    expect(startupRedirect('/login', false)).toBeUndefined();
    expect(startupRedirect('/admin', true)).toBeUndefined();
    expect(startupRedirect('/login/reset', true)).toBeUndefined();
    expect(startupRedirect('/about', false)).toBeUndefined();
  });
});
