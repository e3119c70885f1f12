/** The e-mails' frame: the CMS logo as a PNG from the image API, or the institute's name without one. */
import { describe, expect, it } from 'vitest';
import { logoImageUrl, mailPage } from './mail-layout.ts';

const logoUrl = 'https://cdn.sanity.io/images/p1/production/abc-400x120.svg';

describe('mailPage', () => {
  it('heads the mail with the logo, named by the institute, as a PNG twice the shown height', () => {
    const html = mailPage({ instituteName: 'Ascent & Co', logoUrl }, 'Hello', '<p>Body</p>');
    expect(html).toContain(
      '<img src="https://cdn.sanity.io/images/p1/production/abc-400x120.svg?h=96&#38;fm=png" alt="Ascent &#38; Co" height="48"',
    );
    expect(html.indexOf('<img')).toBeLessThan(html.indexOf('<p>Body</p>'));
  });

  it('shows the name in words when the CMS has no logo', () => {
    const html = mailPage({ instituteName: 'Ascent', logoUrl: undefined }, 'Hello', '<p>Body</p>');
    expect(html).not.toContain('<img');
    expect(html).toContain('>Ascent</p>');
  });

  it('keeps the parameters an image URL already has', () => {
    expect(logoImageUrl(`${logoUrl}?dl=1`)).toBe(`${logoUrl}?dl=1&h=96&fm=png`);
  });
});
