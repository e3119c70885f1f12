import type { MetaDescriptor } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mergeMeta, pageMeta, pageTitle, twitterHandle } from './meta.server';
import { settings, siteUrl } from './fixtures.test-support';

/** The content of the tag with this name or property. */
function content(tags: MetaDescriptor[], key: string): unknown {
  const tag = tags.find((t) => ('name' in t && t.name === key) || ('property' in t && t.property === key));
  return tag && 'content' in tag ? tag.content : undefined;
}

describe('pageTitle', () => {
  it('appends the institute name', () => {
    expect(pageTitle('HR Advisory', 'Ascent')).toBe('HR Advisory | Ascent');
  });

  it('does not repeat a name the title already carries', () => {
    expect(pageTitle('Mission and Vision | Ascent', 'Ascent')).toBe('Mission and Vision | Ascent');
    expect(pageTitle('About Ascent | Kiambu Road', 'Ascent')).toBe('About Ascent | Kiambu Road');
    expect(pageTitle('Ascent Technologies', 'Ascent')).toBe('Ascent Technologies');
  });

  it('matches the name as a word only', () => {
    expect(pageTitle('Ascentia partners', 'Ascent')).toBe('Ascentia partners | Ascent');
  });

  it('falls back to the name for a blank title', () => {
    expect(pageTitle('  ', 'Ascent')).toBe('Ascent');
  });
});

describe('twitterHandle', () => {
  it('takes the handle from a twitter.com or x.com profile URL', () => {
    expect(twitterHandle([{ platform: 'twitter', url: 'https://twitter.com/ascent_ke' }])).toBe('@ascent_ke');
    expect(twitterHandle([{ platform: 'twitter', url: 'https://x.com/ascent_ke/' }])).toBe('@ascent_ke');
  });

  it('gives none for an invalid handle or no link', () => {
    expect(twitterHandle([{ platform: 'twitter', url: 'https://twitter.com/ascent.example' }])).toBeUndefined();
    expect(twitterHandle(null)).toBeUndefined();
  });
});

describe('pageMeta', () => {
  const seo = {
    title: 'HR Advisory | Ascent services',
    description: 'Job evaluation and HR policy.',
    shareImage: {
      alt: 'HR workshop',
      hotspot: { x: 0.3, y: 0.6 },
      asset: { url: 'https://cdn.example/images/hr.jpg' },
    },
  };
  const tags = pageMeta({ settings, siteUrl, path: '/services/hr-advisory', title: 'HR Advisory', seo });

  it('uses the SEO title and description', () => {
    expect(tags).toContainEqual({ title: 'HR Advisory | Ascent services' });
    expect(content(tags, 'description')).toBe('Job evaluation and HR policy.');
    expect(content(tags, 'og:title')).toBe('HR Advisory | Ascent services');
    expect(content(tags, 'twitter:description')).toBe('Job evaluation and HR policy.');
  });

  it('gives an absolute canonical URL, also as og:url', () => {
    expect(tags).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://ascent.example/services/hr-advisory',
    });
    expect(content(tags, 'og:url')).toBe('https://ascent.example/services/hr-advisory');
    expect(content(tags, 'og:type')).toBe('website');
  });

  it('renders the share image at 1200x630 through the image API, around the hotspot', () => {
    const url = 'https://cdn.example/images/hr.jpg?w=1200&h=630&fit=crop&fm=jpg&crop=focalpoint&fp-x=0.3&fp-y=0.6';
    expect(content(tags, 'og:image')).toBe(url);
    expect(content(tags, 'twitter:image')).toBe(url);
    expect(content(tags, 'og:image:alt')).toBe('HR workshop');
    expect(content(tags, 'twitter:card')).toBe('summary_large_image');
    expect(content(tags, 'twitter:site')).toBe('@ascent_ke');
  });

  it('falls back to the document title, its summary, and the default share image', () => {
    const plain = pageMeta({ settings, siteUrl, path: '/about', title: 'About Us', summary: 'Who we are.', seo: null });
    expect(plain).toContainEqual({ title: 'About Us | Ascent' });
    expect(content(plain, 'description')).toBe('Who we are.');
    expect(content(plain, 'og:image')).toBe(
      'https://cdn.example/images/p/d/share-1200x630.svg?w=1200&h=630&fit=crop&fm=jpg',
    );
    const bare = pageMeta({ settings, siteUrl, path: '/', title: 'Home', seo: { title: '', description: '' } });
    expect(content(bare, 'description')).toBe('Default description.');
    expect(bare).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://ascent.example/' });
  });

  it('says noindex only when the page asks', () => {
    expect(content(tags, 'robots')).toBeUndefined();
    const hidden = pageMeta({ settings, siteUrl, path: '/about', title: 'About', seo: { noIndex: true } });
    expect(content(hidden, 'robots')).toBe('noindex');
  });

  it('uses a small card without any image', () => {
    const noImages = { ...settings, defaultSeo: { description: 'd' } };
    const tags = pageMeta({ settings: noImages, siteUrl, path: '/', title: 'Home' });
    expect(content(tags, 'twitter:card')).toBe('summary');
    expect(content(tags, 'og:image')).toBeUndefined();
  });
});

describe('mergeMeta', () => {
  const organization = { 'script:ld+json': { '@type': 'Organization', name: 'Ascent' } };
  const parent: MetaDescriptor[] = [
    { title: 'Default' },
    { name: 'description', content: 'Default description' },
    { property: 'og:site_name', content: 'Ascent' },
    organization,
  ];

  it("keeps the parent's tags the page does not set, and the page's win", () => {
    const own: MetaDescriptor[] = [
      { title: 'Page' },
      { name: 'description', content: 'Page description' },
      { 'script:ld+json': { '@type': 'BreadcrumbList' } },
    ];
    expect(mergeMeta(parent, own)).toEqual([{ property: 'og:site_name', content: 'Ascent' }, organization, ...own]);
  });

  it('replaces a canonical link by rel', () => {
    const merged = mergeMeta(
      [{ tagName: 'link', rel: 'canonical', href: 'a' }],
      [{ tagName: 'link', rel: 'canonical', href: 'b' }],
    );
    expect(merged).toEqual([{ tagName: 'link', rel: 'canonical', href: 'b' }]);
  });
});
