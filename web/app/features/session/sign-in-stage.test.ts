import { describe, expect, it } from 'vitest';
import type { Session } from '@supabase/supabase-js';
import { immediateStage, openedByEmailedCode } from './sign-in-stage';

/** A session whose access token carries these claims (the signature is not read here). */
function session(claims: Record<string, unknown>): Session {
  const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return {
    access_token: `${part({ alg: 'HS256' })}.${part(claims)}.signature`,
    user: { id: 'user-1' },
  } as unknown as Session;
}

describe('a session opened by an e-mailed code', () => {
  it('is recognised by its amr claim, as the database recognises it', () => {
    for (const method of ['otp', 'magiclink', 'email/signup'])
      expect(openedByEmailedCode(session({ aal: 'aal1', amr: [{ method, timestamp: 1 }] }))).toBe(true);
    expect(openedByEmailedCode(session({ aal: 'aal2', amr: [{ method: 'totp' }, { method: 'otp' }] }))).toBe(true);
    expect(openedByEmailedCode(session({ aal: 'aal1', amr: [{ method: 'password', timestamp: 1 }] }))).toBe(false);
    expect(openedByEmailedCode(session({ aal: 'aal1' }))).toBe(false);
    expect(openedByEmailedCode({ access_token: 'not a token' })).toBe(false);
  });

  it('owes no second step: it is complete at once (the admin then says it is no staff sign-in)', () => {
    expect(immediateStage(session({ aal: 'aal1', amr: [{ method: 'otp' }] }))).toBe('complete');
    expect(immediateStage(session({ aal: 'aal1', amr: [{ method: 'password' }] }))).toBe('deciding');
    expect(immediateStage(session({ aal: 'aal2', amr: [{ method: 'totp' }, { method: 'password' }] }))).toBe(
      'complete',
    );
  });
});
