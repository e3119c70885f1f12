/** The certificate e-mail: to the participant, or to the buyer who passes it on; the code, the link and the PDF. */
import { describe, expect, it } from 'vitest';
import type { CertificateDocument } from '../_shared/certificate-pdf.ts';
import type { InstituteSettings } from '../_shared/site-settings.ts';
import { certificateEmail } from './certificate-emails.ts';

const settings: InstituteSettings = {
  instituteName: 'Ascent',
  phone: '+254 700 000 000',
  email: 'info@ascent.example',
  address: { street: 'Kiambu Road', area: 'Ridgeways', city: 'Nairobi', country: 'Kenya' },
  bookingsEmail: 'bookings@ascent.example',
  enquiryEmails: {},
  payments: { mpesaPaybill: '522533', kraPin: undefined, invoiceNote: undefined, bankAccounts: [] },
};

const certificate: CertificateDocument = {
  holderName: 'Brian <Kamau>',
  programTitle: 'Strategic Leadership',
  startsOn: '2026-10-05',
  endsOn: '2026-10-09',
  hours: 40,
  issuedAt: '2026-10-10T07:00:00Z',
  printedCode: 'ABCD-EFGH-JKMN',
  verifyUrl: 'https://ascent.example/verify/ABCD-EFGH-JKMN',
};
const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46]);

describe('certificateEmail', () => {
  it('congratulates the participant, with the code, the verification link and the PDF attached', () => {
    const mail = certificateEmail({ certificate, toBuyer: false, buyerName: 'Wanjiru Kamau' }, settings, pdf);
    expect(mail.subject).toBe('Your certificate: Strategic Leadership');
    expect(mail.text).toContain('Dear Brian <Kamau>,');
    expect(mail.text).toContain('Congratulations on completing Strategic Leadership (5 Oct 2026 to 9 Oct 2026)');
    expect(mail.text).toContain(
      'Certificate code: ABCD-EFGH-JKMN. Anyone can check it at https://ascent.example/verify/ABCD-EFGH-JKMN.',
    );
    expect(mail.html).toContain('Dear Brian &#60;Kamau&#62;,');
    expect(mail.html).toContain('<a href="https://ascent.example/verify/ABCD-EFGH-JKMN">');
    expect(mail.attachments).toEqual([
      { filename: 'certificate-ABCD-EFGH-JKMN.pdf', contentType: 'application/pdf', content: pdf },
    ]);
  });

  it('asks the buyer to pass it on when no e-mail was given for the participant', () => {
    const mail = certificateEmail({ certificate, toBuyer: true, buyerName: 'Wanjiru Kamau' }, settings, pdf);
    expect(mail.subject).toBe('Certificate for Brian <Kamau>: Strategic Leadership');
    expect(mail.text).toContain('Dear Wanjiru Kamau,');
    expect(mail.text).toContain('Brian <Kamau> completed Strategic Leadership');
    expect(mail.text).toContain('please pass it on');
  });
});
