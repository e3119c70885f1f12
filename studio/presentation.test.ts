import { describe, expect, it } from 'vitest';
import { allowedPreviewOrigins, locationOf, previewOrigin } from './presentation.ts';

describe('the Presentation tool’s configuration', () => {
  it('previews the local stack’s website unless an origin is configured', () => {
    expect(previewOrigin(undefined)).toBe('http://127.0.0.1:3000');
    expect(previewOrigin('https://ascent.example')).toBe('https://ascent.example');
    expect(() => previewOrigin('https://ascent.example/path')).toThrow(/not an origin/);
  });

  it('lets the local Studio show any loopback website, a hosted one only its own origin', () => {
    expect(allowedPreviewOrigins('http://127.0.0.1:3000')).toEqual(['http://127.0.0.1:*', 'http://localhost:*']);
    expect(allowedPreviewOrigins('https://ascent.example')).toEqual(['https://ascent.example']);
  });

  it('locates a document on the page the route table gives it', () => {
    expect(locationOf('page', { title: 'About', slug: 'about' })).toEqual({
      locations: [{ title: 'About', href: '/about' }],
    });
    expect(locationOf('service', { title: 'HR', slug: 'hr-advisory' })).toEqual({
      locations: [{ title: 'HR', href: '/services/hr-advisory' }],
    });
    expect(locationOf('page', { title: 'Orphan', slug: 'not-in-the-table' })).toEqual({
      message: 'No page of the website shows /not-in-the-table',
    });
    expect(locationOf('page', null)).toBeNull();
  });
});
