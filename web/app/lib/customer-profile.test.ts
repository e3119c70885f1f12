import { describe, expect, it } from 'vitest';
import { profileFromMetadata, profileSchema } from './customer-profile';

describe('the customer profile', () => {
  it('reads what metadata holds, and nothing that is not text', () => {
    expect(profileFromMetadata({ fullName: 'Wanjiru Kamau', phone: 42, organisation: 'Kamau Holdings' })).toEqual({
      fullName: 'Wanjiru Kamau',
      phone: '',
      organisation: 'Kamau Holdings',
    });
    expect(profileFromMetadata(undefined)).toEqual({ fullName: '', phone: '', organisation: '' });
  });

  it('accepts an empty profile and refuses a bad phone number in words', () => {
    expect(profileSchema.safeParse({ fullName: '', phone: '', organisation: '' }).success).toBe(true);
    const bad = profileSchema.safeParse({ fullName: 'A', phone: '12', organisation: '' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/valid phone number/);
  });
});
