import { describe, expect, it } from 'vitest';
import { codeSignInMessages, codeStepSchema, emailStepSchema } from './code-sign-in-schema';

describe('the customer sign-in forms', () => {
  it('takes a trimmed e-mail address and refuses a broken one in words', () => {
    expect(emailStepSchema.parse({ email: ' wanjiru@example.co.ke ' })).toEqual({ email: 'wanjiru@example.co.ke' });
    const bad = emailStepSchema.safeParse({ email: 'wanjiru@' });
    expect(bad.error?.issues[0]?.message).toBe(codeSignInMessages.email);
  });

  it('takes six digits, spaces forgiven, and nothing else', () => {
    expect(codeStepSchema.parse({ code: '123 456' })).toEqual({ code: '123456' });
    for (const code of ['12345', '1234567', 'abcdef', ''])
      expect(codeStepSchema.safeParse({ code }).error?.issues[0]?.message).toBe(codeSignInMessages.code);
  });
});
