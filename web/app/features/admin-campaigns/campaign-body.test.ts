import { describe, expect, it } from 'vitest';
import { campaignBodyHtml } from './campaign-body';

describe('campaignBodyHtml', () => {
  it('makes paragraphs of blank-line separated text, line breaks within, and escapes markup', () => {
    expect(campaignBodyHtml('Intakes <b>soon</b>\nsecond line\n\nFees & dates\n')).toBe(
      '<p>Intakes &#60;b&#62;soon&#60;/b&#62;<br>second line</p>\n<p>Fees &#38; dates</p>',
    );
  });
});
