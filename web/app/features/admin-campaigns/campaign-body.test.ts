import { describe, expect, it } from 'vitest';
import { campaignBodyHtml, insertBlockLine } from './campaign-body';

describe('campaignBodyHtml', () => {
  it('makes paragraphs of blank-line separated text, line breaks within, and escapes markup', () => {
    expect(campaignBodyHtml('Intakes <b>soon</b>\nsecond line\n\nFees & dates\n')).toBe(
      '<p>Intakes &#60;b&#62;soon&#60;/b&#62;<br>second line</p>\n<p>Fees &#38; dates</p>',
    );
  });
});

describe('insertBlockLine', () => {
  const token = '[[program:0b0e4c1e-8f1a-4c57-9f0e-3d5b2a7c9e11]]';

  it('puts the block on a line of its own where the cursor is', () => {
    expect(insertBlockLine('Intro\n\nOutro', 6, token)).toEqual({
      text: `Intro\n${token}\nOutro`,
      cursor: 6 + token.length,
    });
    expect(insertBlockLine('Intro and more', 5, token)).toEqual({
      text: `Intro\n${token}\n and more`,
      cursor: 5 + token.length + 2,
    });
    expect(insertBlockLine('', 0, token)).toEqual({ text: `${token}\n`, cursor: token.length + 1 });
  });
});
