/** A newsletter campaign's mail: the campaign's bodies, the preheader, and the one-click unsubscribe. */
import { describe, expect, it } from 'vitest';
import type { InstituteSettings } from '../_shared/site-settings.ts';
import { newsletterCampaignEmail } from './newsletter-emails.ts';

const settings: InstituteSettings = {
  instituteName: 'Ascent',
  phone: '+254 700 000 000',
  email: 'info@ascent.example',
  address: { street: 'Kiambu Road', area: 'Ridgeways', city: 'Nairobi', country: 'Kenya' },
  bookingsEmail: 'bookings@ascent.example',
  enquiryEmails: {},
  payments: { mpesaPaybill: '522533', kraPin: undefined, invoiceNote: undefined, bankAccounts: [] },
};

const token = 'a'.repeat(43);
const unsubscribe = `https://ascent.example/unsubscribe?token=${token}`;

describe('newsletterCampaignEmail', () => {
  const mail = newsletterCampaignEmail(
    {
      subject: 'Intakes this December',
      preheader: 'Three <programmes> start soon',
      bodyText: 'Strategic Leadership starts on 7 December.\n',
      blocks: [],
    },
    { email: 'reader@example.com', token },
    settings,
    'https://ascent.example',
  );

  it('carries the campaign in HTML and text, the preheader first and escaped', () => {
    expect(mail.to).toBe('reader@example.com');
    expect(mail.subject).toBe('Intakes this December');
    expect(mail.html).toContain('<p>Strategic Leadership starts on 7 December.</p>');
    expect(mail.html).toContain('Three &#60;programmes&#62; start soon');
    expect(mail.text.startsWith('Three <programmes> start soon\n\nStrategic Leadership starts on 7 December.')).toBe(
      true,
    );
  });

  it('offers the one-click unsubscribe as a link and as RFC 8058 headers', () => {
    expect(mail.html).toContain(`<a href="${unsubscribe}">Unsubscribe</a>`);
    expect(mail.text).toContain(`Unsubscribe with one click: ${unsubscribe}`);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});
