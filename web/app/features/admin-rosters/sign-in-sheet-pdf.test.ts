/** The sign-in sheet read back with pdf.js: the program, intake and day, every participant numbered, long lists paginated. */
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../../tests/support/pdf-text.ts';
import { renderSignInSheet } from './sign-in-sheet-pdf';

describe('renderSignInSheet', () => {
  it('prints the program, the intake, the day and each participant with their organisation', async () => {
    const text = await pdfText(
      await renderSignInSheet({
        programTitle: 'Leadership Essentials',
        intakeLine: '2 Nov 2026 – 6 Nov 2026 · Nairobi',
        day: '2026-11-03',
        participants: [
          { name: 'Wanjirũ Kamau', organisation: 'Acme Ltd' },
          { name: 'Otieno Odhiambo', organisation: null },
        ],
      }),
    );
    expect(text).toContain('Sign-in sheet');
    expect(text).toContain('Leadership Essentials');
    expect(text).toContain('2 Nov 2026 - 6 Nov 2026');
    expect(text).toContain('Session day: 3 Nov 2026');
    expect(text).toMatch(/1 Wanjiru Kamau Acme Ltd/);
    expect(text).toMatch(/2 Otieno Odhiambo/);
  });

  it('goes on to a second page with the header again', async () => {
    const participants = Array.from({ length: 40 }, (_, i) => ({ name: `Participant ${i + 1}`, organisation: null }));
    const text = await pdfText(
      await renderSignInSheet({ programTitle: 'Long', intakeLine: 'x', day: '2026-11-03', participants }),
    );
    expect(text).toContain('Sign-in sheet (continued)');
    expect(text).toContain('40 Participant 40');
  });
});
