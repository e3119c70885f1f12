/** The erasure mail: what was deleted, and what is kept (the paid orders, named) until when. */
import { describe, expect, it } from 'vitest';
import type { InstituteSettings } from '../_shared/site-settings.ts';
import { dataErasureEmail } from './data-erasure-emails.ts';

const settings: InstituteSettings = {
  instituteName: 'Ascent',
  phone: '+254 700 000 000',
  email: 'info@ascent.example',
  address: { street: 'Kiambu Road', area: 'Ridgeways', city: 'Nairobi', country: 'Kenya' },
  bookingsEmail: 'bookings@ascent.example',
  enquiryEmails: {},
  payments: { mpesaPaybill: '522533', kraPin: undefined, invoiceNote: undefined, bankAccounts: [] },
};

describe('dataErasureEmail', () => {
  it('names the kept paid orders and the day they go', () => {
    const mail = dataErasureEmail({ keptUntil: '2031-12-31', keptOrders: ['ASC-2026-000123'] }, settings);
    expect(mail.subject).toBe('Your data has been deleted: Ascent');
    expect(mail.text).toContain('deleted or anonymised the personal data it held about this e-mail address');
    expect(mail.text).toContain(
      'We keep the paid orders ASC-2026-000123 and their invoices until 31 Dec 2031, because Kenyan tax law requires',
    );
    expect(mail.html).toContain('until 31 Dec 2031');
    expect(mail.replyTo).toBe('info@ascent.example');
  });

  it('says nothing is kept when nothing was', () => {
    const mail = dataErasureEmail({ keptUntil: null, keptOrders: [] }, settings);
    expect(mail.text).toContain('We keep nothing else about you.');
    expect(mail.text).not.toContain('We keep the paid orders');
  });
});
