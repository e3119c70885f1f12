/** A campaign body in its mail: escaped paragraphs, and catalogue blocks as the catalogue has them when sent. */
import { describe, expect, it } from 'vitest';
import { campaignBlockToken } from '../../../domain/campaign-body.ts';
import { renderCampaignBody, type CatalogueBlock } from './campaign-blocks.ts';

const siteUrl = 'https://ascent.example';
const programId = '0b0e4c1e-8f1a-4c57-9f0e-3d5b2a7c9e11';
const intakeId = '1c1e4c1e-8f1a-4c57-9f0e-3d5b2a7c9e12';
const eventId = '2d2e4c1e-8f1a-4c57-9f0e-3d5b2a7c9e13';
const goneId = '3e3e4c1e-8f1a-4c57-9f0e-3d5b2a7c9e14';

const none = { starts_on: null, ends_on: null, starts_at: null, ends_at: null, venue: null };
const blocks: CatalogueBlock[] = [
  {
    ...none,
    kind: 'program',
    id: programId,
    title: 'Risk <Management>',
    slug: 'risk-management',
    price_amount: 65000,
    currency: 'KES',
  },
  {
    ...none,
    kind: 'intake',
    id: intakeId,
    title: 'Strategic Leadership',
    slug: 'strategic-leadership',
    price_amount: 1250.5,
    currency: 'USD',
    starts_on: '2026-12-07',
    ends_on: '2026-12-11',
    venue: 'Online',
  },
  {
    ...none,
    kind: 'event',
    id: eventId,
    title: 'Open Day',
    slug: 'open-day',
    price_amount: null,
    currency: null,
    starts_at: '2026-12-02T08:00:00Z',
    ends_at: '2026-12-02T14:00:00Z',
    venue: 'Ridgeways',
  },
];

const body = [
  'New this month & <b>more</b>:',
  campaignBlockToken('program', programId),
  campaignBlockToken('intake', intakeId),
  campaignBlockToken('event', eventId),
  campaignBlockToken('program', goneId),
  '',
  'See you there.',
].join('\n');

describe('renderCampaignBody', () => {
  const { html, text } = renderCampaignBody(body, blocks, siteUrl);

  it('escapes the written text and each block’s title', () => {
    expect(html).toContain('<p>New this month &#38; &#60;b&#62;more&#60;/b&#62;:</p>');
    expect(html).toContain('Risk &#60;Management&#62;');
    expect(html).not.toContain('<b>');
  });

  it('shows each block’s title, link, price (in the catalogue’s currency) and dates, in HTML and text', () => {
    expect(html).toContain('<a href="https://ascent.example/training/risk-management">Risk &#60;Management&#62;</a>');
    expect(html).toContain('KES 65,000');
    expect(html).toContain('7 Dec 2026 to 11 Dec 2026, Online');
    expect(html).toContain('USD 1,250.50');
    expect(html).toContain('<a href="https://ascent.example/events/open-day/register">Open Day</a>');
    expect(html).toContain('2 Dec 2026, 11:00 EAT to 2 Dec 2026, 17:00 EAT, Ridgeways');
    expect(html).toContain('Free');
    expect(text).toBe(
      [
        'New this month & <b>more</b>:',
        'Programme: Risk <Management>\nKES 65,000\nhttps://ascent.example/training/risk-management',
        'Intake: Strategic Leadership\n7 Dec 2026 to 11 Dec 2026, Online\nUSD 1,250.50\nhttps://ascent.example/training/strategic-leadership',
        'Event: Open Day\n2 Dec 2026, 11:00 EAT to 2 Dec 2026, 17:00 EAT, Ridgeways\nFree\nhttps://ascent.example/events/open-day/register',
        'See you there.',
      ].join('\n\n'),
    );
  });

  it('leaves out a block whose item is no longer on offer, keeping the rest of the mail', () => {
    expect(html).not.toContain(goneId);
    expect(text).not.toContain(goneId);
    expect(html).toContain('<p>See you there.</p>');
  });
});
