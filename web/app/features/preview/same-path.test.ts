import { describe, expect, it } from 'vitest';
import { samePath } from './same-path';

describe('samePath', () => {
  it('keeps a path on this site', () => {
    expect(samePath('/about?x=1#team')).toBe('/about?x=1#team');
  });

  it('sends anything that could leave the site home', () => {
    for (const target of [undefined, '', 'https://evil.example/', '//evil.example/', '/\\evil.example', 'about']) {
      expect(samePath(target)).toBe('/');
    }
  });
});
