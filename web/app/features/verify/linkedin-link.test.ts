import { describe, expect, it } from 'vitest';
import { linkedInAddToProfileUrl } from './linkedin-link';

describe('linkedInAddToProfileUrl', () => {
  it('names the certification, the organisation, the Nairobi issue month, the URL and the id', () => {
    const url = new URL(
      linkedInAddToProfileUrl({
        name: 'Strategic Leadership & Management',
        organizationName: 'Ascent',
        // 22:30 UTC on 31 Dec is already January in Nairobi (UTC+3).
        issuedAt: '2026-12-31T22:30:00Z',
        certUrl: 'https://ascent.example/verify/ABCD-EFGH-JKMN',
        certId: 'ABCD-EFGH-JKMN',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://www.linkedin.com/profile/add');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'Strategic Leadership & Management',
      organizationName: 'Ascent',
      issueYear: '2027',
      issueMonth: '1',
      certUrl: 'https://ascent.example/verify/ABCD-EFGH-JKMN',
      certId: 'ABCD-EFGH-JKMN',
    });
  });
});
