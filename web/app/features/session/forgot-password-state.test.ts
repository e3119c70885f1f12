import { describe, expect, it } from 'vitest';
import { carriedEmail, forgotPasswordState } from './forgot-password-state';

describe('the e-mail carried from /login to /login/forgot', () => {
  it('carries what was typed, trimmed, and nothing when nothing was', () => {
    expect(carriedEmail(forgotPasswordState('  wanjiru@ascent.example '))).toBe('wanjiru@ascent.example');
    expect(forgotPasswordState('   ')).toBeUndefined();
    expect(carriedEmail(undefined)).toBe('');
  });

  it('ignores a state of another shape (history entries outlive the code that wrote them)', () => {
    expect(carriedEmail({ email: 42 })).toBe('');
    expect(carriedEmail('wanjiru@ascent.example')).toBe('');
    expect(carriedEmail(null)).toBe('');
  });
});
