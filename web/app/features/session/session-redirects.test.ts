/** Which paths count as the sign-in screen and the admin area, and the startup redirects. */
import { describe, expect, it } from 'vitest';
import { isAdminPath, isLoginPath, stageRedirect } from './session-redirects.ts';

describe('session redirects', () => {
  it('matches /login itself and the whole admin area, nothing that merely starts alike', () => {
    expect(['/login', '/login/'].map(isLoginPath)).toEqual([true, true]);
    expect(['/login/reset', '/login/forgot', '/loginx', '/'].map(isLoginPath)).toEqual([false, false, false, false]);
    expect(['/admin', '/admin/', '/admin/events/4'].map(isAdminPath)).toEqual([true, true, true]);
    expect(['/administration', '/', '/login'].map(isAdminPath)).toEqual([false, false, false]);
  });

  it('sends no session or a due second step away from /admin, a complete sign-in away from /login, nothing else', () => {
    expect(stageRedirect('/login', 'complete')).toBe('/admin');
    expect(stageRedirect('/admin/orders', 'signed-out')).toBe('/login');
    expect(stageRedirect('/admin', 'code')).toBe('/login');
    expect(stageRedirect('/login', 'code')).toBeUndefined();
    expect(stageRedirect('/login', 'signed-out')).toBeUndefined();
    expect(stageRedirect('/login', 'deciding')).toBeUndefined();
    expect(stageRedirect('/admin', 'deciding')).toBeUndefined();
    expect(stageRedirect('/admin', 'complete')).toBeUndefined();
    expect(stageRedirect('/login/reset', 'complete')).toBeUndefined();
    expect(stageRedirect('/about', 'signed-out')).toBeUndefined();
  });
});
