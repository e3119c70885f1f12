/**
 * process-mail-outbox: sends the e-mails waiting in public.mail_outbox. Run on a schedule with
 * the service role key (locally every 2 s by the stack; hosted by pg_cron + pg_net, see the
 * docs/operations.md, "Hosted Supabase"); answers `{ sent, retrying, failed, uncertain }`.
 */
import { certificateIssuer } from '../_shared/certificate-issuer.ts';
import { renderCertificatePdf } from '../_shared/certificate-pdf.ts';
import { getEnv } from '../_shared/env.ts';
import { json } from '../_shared/http.ts';
import { renderInvoicePdf } from '../_shared/invoice-pdf.ts';
import { sendMail, senderDomain } from '../_shared/mailer.ts';
import { isServiceRole } from '../_shared/service-role.ts';
import { fetchInstituteSettings } from '../_shared/site-settings.ts';
import { createAdminClient } from '../_shared/supabase-admin.ts';
import { renderTaxDocumentPdf } from '../_shared/tax-document-pdf.ts';
import { renderPaymentReceiptPdf } from '../_shared/payment-receipt-pdf.ts';
import { documentVerificationUrl } from '../_shared/tax-document-verification.ts';
import { processOutbox } from './process-outbox.ts';

export default async function handler(req: Request): Promise<Response> {
  if (req.method !== 'POST') return json({ message: 'Method not allowed.' }, 405, { Allow: 'POST' });
  // Only the service role may run the worker: the anon key is public.
  if (!isServiceRole(req)) return json({ message: 'The service role key is required.' }, 401);
  try {
    const report = await processOutbox({
      admin: createAdminClient(),
      send: sendMail,
      settings: fetchInstituteSettings,
      invoice: renderInvoicePdf,
      certificatePdf: async (certificate, settings) =>
        renderCertificatePdf(certificate, await certificateIssuer(settings)),
      taxDocumentPdf: (document, settings) =>
        renderTaxDocumentPdf(document, settings, documentVerificationUrl(document)),
      paymentReceiptPdf: renderPaymentReceiptPdf,
      siteUrl: getEnv('SITE_URL') ?? 'http://127.0.0.1:3000',
      messageDomain: senderDomain(),
    });
    return json(report);
  } catch (error) {
    console.error('[process-mail-outbox] run failed:', error);
    return json({ message: 'The outbox could not be processed.' }, 500);
  }
}
