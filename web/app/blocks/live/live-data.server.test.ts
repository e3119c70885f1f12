/** The loader starts only the reads a page's blocks need, shares identical ones, and shapes rows for display. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RENDER_DEGRADED_ATTRIBUTE } from '../../config/render-degraded.ts';
import type { PageBuilderBlock } from '../types.ts';
import type { LiveResult } from './types.ts';

const reads = {
  readEvents: vi.fn(async () => [
    {
      id: 'e1',
      title: 'Governance and Risk Summit',
      description: 'Two days.',
      category: 'Governance & Risk',
      venue: 'Upper Hill',
      mode: 'in-person',
      starts_at: '2026-12-03T05:00:00+00:00',
      ends_at: '2026-12-04T14:00:00+00:00',
      slug: 'governance-and-risk-summit',
      capacity: 80,
      seats_left: 0,
      price_amount: null,
      currency: null,
    },
  ]),
  readPrograms: vi.fn(async () => [
    {
      id: 'p1',
      title: 'Women in Leadership',
      slug: 'women-in-leadership',
      category: 'Leadership',
      focus: 'Presence',
      description: 'Three days.',
      duration: '3 days',
      delivery_mode: 'hybrid',
      price_amount: 65000,
      currency: 'KES',
    },
  ]),
  readServices: vi.fn(async () => [{ id: 's1', title: 'HR Advisory', slug: 'hr-advisory', description: 'HR.' }]),
  readImpactMetrics: vi.fn(async () => [{ id: 'm1', label: 'Professionals trained', value: 12500, suffix: '+' }]),
};

vi.mock('../../features/catalogue/catalogue.server', () => reads);

const { loadLiveBlocks, toProgramItem } = await import('./live-data.server.ts');

const now = new Date('2026-11-21T09:00:00Z');
const site = { siteUrl: 'https://ascent.example', instituteName: 'Ascent' };
const block = (value: Record<string, unknown>) => value as PageBuilderBlock;

/** The rows of a read that succeeded. */
async function rowsOf<Rows>(outcome: Promise<LiveResult<Rows>> | undefined): Promise<Rows> {
  const result = await outcome;
  if (!result || 'failed' in result) throw new Error('the read failed');
  return result.rows;
}

beforeEach(() => {
  for (const read of Object.values(reads)) read.mockClear();
});

describe('loadLiveBlocks', () => {
  it('reads nothing for a page without live blocks', () => {
    const live = loadLiveBlocks([block({ _key: 'h', _type: 'hero', heading: 'Hi' })], site, { now });
    expect(Object.values(reads).every((read) => read.mock.calls.length === 0)).toBe(true);
    expect(live).toEqual({ stats: {}, eventList: {}, programList: {}, serviceList: {}, catalogue: {} });
  });

  it('starts one read per list block, with its own filter, and shares metrics and services', async () => {
    const live = loadLiveBlocks(
      [
        block({ _key: 'up', _type: 'eventList', heading: 'Upcoming', show: 'upcoming', limit: 3 }),
        block({ _key: 'past', _type: 'eventList', heading: 'Past', show: 'past', limit: 6 }),
        block({ _key: 'p', _type: 'programList', heading: 'Programs', category: 'Leadership' }),
        block({ _key: 's1', _type: 'stats', heading: 'Impact' }),
        block({ _key: 's2', _type: 'stats', heading: 'Again' }),
        block({ _key: 'svc', _type: 'serviceList', heading: 'Services' }),
      ],
      site,
      { now },
    );
    expect(reads.readEvents.mock.calls).toEqual([
      [{ show: 'upcoming', limit: 3, now }],
      [{ show: 'past', limit: 6, now }],
    ]);
    expect(reads.readPrograms.mock.calls).toEqual([[{ category: 'Leadership', text: undefined, limit: undefined }]]);
    expect(live.catalogue).toEqual({});
    expect(reads.readImpactMetrics).toHaveBeenCalledTimes(1);
    expect(live.stats.s1).toBe(live.stats.s2);
    expect(reads.readServices).toHaveBeenCalledTimes(1);

    const [event] = await rowsOf(live.eventList.up);
    expect(event).toMatchObject({ status: 'upcoming', day: '3', month: 'Dec', mode: 'In person' });
    expect(event!.when.replace(/\s/g, ' ')).toMatch(/^Thu, 3 Dec 2026, 08:00 ?– ?Fri, 4 Dec 2026, 17:00 EAT$/);
    const [program] = await rowsOf(live.programList.p);
    expect(program!.price).toEqual({ amount: 65000, currency: 'KES', label: expect.stringMatching(/^KES\s65,000$/) });
    expect(program!.mode).toBe('Hybrid');
    // Each row carries its schema.org data, built here on the server (not in the browser's bundle).
    expect(event!.jsonLd).toMatchObject({
      '@type': 'Event',
      name: 'Governance and Risk Summit',
      url: 'https://ascent.example/events',
    });
    expect(program!.href).toBe('/training/women-in-leadership');
    expect(program!.jsonLd).toMatchObject({
      '@type': 'Course',
      name: 'Women in Leadership',
      url: 'https://ascent.example/training/women-in-leadership',
      provider: { name: 'Ascent' },
    });
    expect((await rowsOf(live.serviceList.svc))[0]?.href).toBe('/services/hr-advisory');
    expect((await rowsOf(live.stats.s1))[0]?.display).toBe('12,500+');
  });

  it('applies the URL’s catalogue filter to program lists of every category, and gives them the filter form’s choices', () => {
    const filter = { q: 'lead', category: 'Finance' };
    const catalogue = { filter, categories: ['Leadership', 'Finance'] };
    const live = loadLiveBlocks(
      [
        block({ _key: 'all', _type: 'programList', heading: 'Catalogue' }),
        block({ _key: 'again', _type: 'programList', heading: 'Again', limit: 3 }),
        block({ _key: 'fixed', _type: 'programList', heading: 'Leadership', category: 'Leadership' }),
      ],
      site,
      { now, catalogue },
    );
    expect(reads.readPrograms.mock.calls).toEqual([
      [{ category: 'Finance', text: 'lead', limit: undefined }],
      [{ category: 'Finance', text: 'lead', limit: 3 }],
      // A list fixed to a category by the CMS keeps its category and takes no filter.
      [{ category: 'Leadership', text: undefined, limit: undefined }],
    ]);
    expect(Object.keys(live.catalogue)).toEqual(['all', 'again']);
    expect(live.catalogue.all).toBe(catalogue);
    expect(live.catalogue.again).toBe(catalogue);
  });

  it('defaults an event list without `show` to upcoming', () => {
    loadLiveBlocks([block({ _key: 'e', _type: 'eventList', heading: 'Events' })], site, { now });
    expect(reads.readEvents).toHaveBeenCalledWith(expect.objectContaining({ show: 'upcoming' }));
  });

  it('turns a failed read into its block’s error state, never a rejected promise', async () => {
    reads.readServices.mockRejectedValueOnce(new Error('Could not read services'));
    const live = loadLiveBlocks([block({ _key: 'svc', _type: 'serviceList', heading: 'Services' })], site, { now });
    await expect(live.serviceList.svc).resolves.toEqual({ failed: true, degraded: RENDER_DEGRADED_ATTRIBUTE });
  });
});

describe('toProgramItem', () => {
  const row = {
    id: 'p2',
    title: 'Board Essentials',
    slug: 'board-essentials',
    category: 'Governance',
    focus: 'Boards',
    description: 'Two days.',
    duration: '2 days',
    delivery_mode: 'in-person',
    price_amount: 1250,
    currency: 'USD',
    image_url: null,
  };

  it('prices the card at the early-bird price while the view gives one, with its deadline and the regular price after it', () => {
    const item = toProgramItem({ ...row, early_bird_price: 1000, early_bird_until: '2027-02-01T20:59:00+00:00' }, site);
    expect(item.price.amount).toBe(1000);
    expect(item.price.label.replace(/\s/g, ' ')).toBe('USD 1,000');
    expect(item.price.until).toBe('until 1 Feb 2027, 23:59 EAT');
    expect(item.price.note?.replace(/\s/g, ' ')).toBe('Early-bird price until 1 Feb 2027, 23:59 EAT, then USD 1,250');
    expect(item.jsonLd).toMatchObject({ offers: { price: '1000.00', priceCurrency: 'USD' } });
  });

  it('shows the regular price alone without one', () => {
    const item = toProgramItem({ ...row, early_bird_price: null, early_bird_until: null }, site);
    expect(item.price).toEqual({ amount: 1250, currency: 'USD', label: expect.stringMatching(/^USD\s1,250$/) });
  });
});
