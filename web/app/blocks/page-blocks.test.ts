/** Page rendering rules: one h1 (the first hero's, else the title) and the unknown-block fallback (dev only). */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageBlocks } from './page-blocks.tsx';
import { serverBlocks } from './server-blocks.server.ts';
import { ServerBlocks } from './server-rendered.tsx';
import type { PageBuilderBlock } from './types.ts';
import { previewMarkers } from '../features/preview/markers.server.ts';

const block = (value: Record<string, unknown>) => value as PageBuilderBlock;
const hero = (key: string, heading: string) =>
  block({ _key: key, _type: 'hero', heading, text: 'Lead text', image: null, actions: null });
const steps = block({
  _key: 'st',
  _type: 'steps',
  anchor: 'how-it-works',
  heading: 'How it works',
  steps: [{ _key: 'a', _type: 'step', title: 'Ask' }],
});
const unknown = block({ _key: 'x', _type: 'carousel', heading: 'Slides' });

/** As the server renders a page: in a router, with the server-rendered blocks' components. */
const render = (blocks: PageBuilderBlock[], markers?: ReturnType<typeof previewMarkers>) =>
  renderToStaticMarkup(
    createElement(
      MemoryRouter,
      null,
      createElement(
        ServerBlocks.Provider,
        { value: serverBlocks },
        createElement(PageBlocks, { blocks, title: 'About us', markers }),
      ),
    ),
  );
const h1s = (html: string) => [...html.matchAll(/<h1\b[^>]*>(.*?)<\/h1>/g)].map((match) => match[1]);

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('PageBlocks', () => {
  it('gives the first hero the h1 and later heroes an h2', () => {
    const html = render([hero('a', 'Learn, lead, rise.'), steps, hero('b', 'Second banner')]);
    expect(h1s(html)).toEqual(['Learn, lead, rise.']);
    expect(html).toContain('<h2 class="block-hero__heading">Second banner</h2>');
  });

  it('gives a page without a hero an h1 from its title', () => {
    expect(h1s(render([steps]))).toEqual(['About us']);
  });

  it('marks each block and its heading and text for click-to-edit in preview mode only', () => {
    const blocks = [hero('a', 'Learn, lead, rise.'), steps];
    const html = render(blocks, previewMarkers({ _id: 'page-about', _type: 'page', pageBuilder: blocks }));
    const marker = (path: string) => `data-sanity="id=page-about;type=page;path=${path};base=%2F"`;
    expect(html).toContain(`<div ${marker('pageBuilder:a')}>`);
    expect(html).toContain(
      `<h1 class="block-hero__heading" ${marker('pageBuilder:a.heading')}>Learn, lead, rise.</h1>`,
    );
    expect(html).toContain(`<p class="block-hero__text" ${marker('pageBuilder:a.text')}>Lead text</p>`);
    expect(html).toContain(`<h2 class="block-heading" ${marker('pageBuilder:st.heading')}>How it works</h2>`);
    expect(render(blocks)).not.toContain('data-sanity');
  });

  it('puts a block anchor on its section for hash links', () => {
    expect(render([steps])).toContain('<section id="how-it-works"');
  });

  it('shows an unknown block type in development', () => {
    vi.stubEnv('DEV', true);
    const html = render([unknown, steps]);
    expect(html).toContain('Unknown block type “carousel”');
    expect(html).toContain('How it works');
  });

  it('renders nothing for an unknown block type in production', () => {
    vi.stubEnv('DEV', false);
    const html = render([unknown, steps]);
    expect(html).not.toContain('carousel');
    expect(html).not.toContain('unknown-block');
    expect(html).toContain('How it works');
  });
});
