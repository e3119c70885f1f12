import { describe, expect, it } from 'vitest';
import { accountDataPath, accountPath, accountReturnPath, signInThenBackTo } from './account-paths';

describe('accountReturnPath', () => {
  it('goes back to the account page that sent the visitor to sign in', () => {
    const next = new URL(signInThenBackTo(accountDataPath), 'http://x').searchParams.get('next');
    expect(accountReturnPath(next)).toBe(accountDataPath);
  });

  it('goes to the account for no, another or a foreign address', () => {
    for (const next of [
      null,
      '',
      '/admin',
      '//evil.example/account',
      'https://evil.example/account',
      '/account/../admin',
      '/accounting',
    ])
      expect(accountReturnPath(next)).toBe(accountPath);
  });
});
