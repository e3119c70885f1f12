import { describe, expect, it } from 'vitest';
import { campaignBlockIds, campaignBlockToken, parseCampaignBody } from './campaign-body.ts';

const program = '0b0e4c1e-8f1a-4c57-9f0e-3d5b2a7c9e11';
const event = '7d3f2a10-1b2c-4d5e-8f90-a1b2c3d4e5f6';

describe('parseCampaignBody', () => {
  it('splits paragraphs at blank lines and reads block lines as references by id', () => {
    const text = `Intakes soon\nsecond line\n${campaignBlockToken('program', program)}\n\n  ${`[[EVENT:${event.toUpperCase()}]]`}  \nFees & dates\n`;
    expect(parseCampaignBody(text)).toEqual([
      { type: 'paragraph', lines: ['Intakes soon', 'second line'] },
      { type: 'block', kind: 'program', id: program },
      { type: 'block', kind: 'event', id: event },
      { type: 'paragraph', lines: ['Fees & dates'] },
    ]);
  });

  it('keeps a token that is not alone on its line, or names no known kind or id, as text', () => {
    const text = `See [[program:${program}]] now\n[[service:${program}]]\n[[program:<b>]]`;
    expect(parseCampaignBody(text)).toEqual([
      { type: 'paragraph', lines: [`See [[program:${program}]] now`, `[[service:${program}]]`, '[[program:<b>]]'] },
    ]);
  });
});

describe('campaignBlockIds', () => {
  it('lists each referenced id once per kind', () => {
    const token = campaignBlockToken('program', program);
    expect(campaignBlockIds(parseCampaignBody(`${token}\n\n${token}`))).toEqual({
      program: [program],
      intake: [],
      event: [],
    });
  });
});
