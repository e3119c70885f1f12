/** A live block's three states around its rows: loading (skeleton), empty and error, plus the rows. */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { RENDER_DEGRADED_ATTRIBUTE } from '../../config/render-degraded.ts';
import { LiveRows } from './live-rows.tsx';
import type { LiveResult } from './types.ts';

type Row = { id: string; title: string };

function element(rows: Promise<LiveResult<Row[]>> | undefined) {
  return createElement(LiveRows<Row>, {
    rows,
    what: 'events',
    empty: 'No upcoming events.',
    error: 'We couldn’t load events just now.',
    children: (list: Row[]) =>
      createElement(
        'ul',
        null,
        list.map((row) => createElement('li', { key: row.id }, row.title)),
      ),
  });
}

/** Renders until every Suspense boundary has settled, as the streamed page ends up. */
async function settled(rows: Promise<LiveResult<Row[]>> | undefined): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element(rows));
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

describe('LiveRows', () => {
  it('shows a labelled skeleton while the rows stream in', () => {
    const html = renderToStaticMarkup(element(new Promise<LiveResult<Row[]>>(() => undefined)));
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('Loading events…');
    expect(html).toContain('skeleton-card');
  });

  it('renders the rows once they arrive', async () => {
    const html = await settled(Promise.resolve({ rows: [{ id: '1', title: 'Governance and Risk Summit' }] }));
    expect(html).toContain('<li>Governance and Risk Summit</li>');
    expect(html).not.toContain('Loading events');
    expect(html).not.toContain(RENDER_DEGRADED_ATTRIBUTE);
  });

  it('says so when there are no rows', async () => {
    const html = await settled(Promise.resolve({ rows: [] }));
    expect(html).toContain('No upcoming events.');
    expect(html).toContain('role="status"');
  });

  it('shows the error copy in place of the list when the read failed', async () => {
    const html = await settled(Promise.resolve({ failed: true }));
    expect(html).toContain('live-state--error');
    // The page cache finds this marker and does not store the page (web/server/page-cache.ts).
    expect(html).toContain(`${RENDER_DEGRADED_ATTRIBUTE}=""`);
    expect(html).toContain('We couldn’t load events just now.');
    expect(html).not.toContain('<li>');
  });

  it('shows the error copy when the stream was cut short before the rows came', async () => {
    const html = await settled(Promise.reject(new Error('aborted')));
    expect(html).toContain('We couldn’t load events just now.');
    expect(html).toContain(RENDER_DEGRADED_ATTRIBUTE);
  });

  it('shows the error copy when the loader started no read for the block', async () => {
    expect(await settled(undefined)).toContain('We couldn’t load events just now.');
  });
});
